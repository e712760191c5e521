import './zod-setup';
import { z } from 'zod';
import { dateTimeSchema } from './article';
import { codesWithLabels } from './coded-values';

// Newsletter campaigns of the Admin API (/api/admin/newsletters, docs/ADMIN-API.md): the day's issue as an
// e-mail, edited, tested, sent now or at a time by the job runner.

const campaignStatuses = codesWithLabels({
  draft: 'Brouillon',
  scheduled: 'Programmée',
  sending: 'Envoi en cours',
  sent: 'Envoyée',
  cancelled: 'Annulée',
});
const campaignStatusSchema = campaignStatuses.schema;
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;
export const CAMPAIGN_STATUS_LABELS = campaignStatuses.labels;

const CAMPAIGN_LIMITS = { subjectLength: 200, introLength: 2_000 } as const;

const issueDay = z.iso.date({ error: 'doit être une date AAAA-MM-JJ' });
const email = z.string().trim().max(254, 'adresse trop longue').email('adresse e-mail invalide');

/** POST /api/admin/newsletters: a campaign prefilled from that day's issue. */
export const campaignCreateBody = z.strictObject({ date: issueDay });

/** PATCH /api/admin/newsletters/{id}: the subject and the intro, while the campaign is a draft. */
export const campaignPatchBody = z
  .strictObject({
    subject: z
      .string()
      .trim()
      .min(1, 'ne doit pas être vide')
      .max(CAMPAIGN_LIMITS.subjectLength, `au plus ${CAMPAIGN_LIMITS.subjectLength} caractères`)
      .optional(),
    intro: z
      .string()
      .trim()
      .max(CAMPAIGN_LIMITS.introLength, `au plus ${CAMPAIGN_LIMITS.introLength} caractères`)
      .optional(),
  })
  .refine((body) => body.subject !== undefined || body.intro !== undefined, {
    message: 'indiquez subject ou intro',
  });
export type CampaignPatchBody = z.infer<typeof campaignPatchBody>;

/** POST /api/admin/newsletters/{id}/test */
export const campaignTestBody = z.strictObject({ email });

/** POST /api/admin/newsletters/{id}/send: now, or at `at` (in the future). */
export const campaignSendBody = z.strictObject({ at: dateTimeSchema.optional() });

/** Recipients of a campaign by status; `retried` counts those that needed more than one attempt. */
const campaignCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  retried: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  issueDate: z.string(),
  subject: z.string(),
  intro: z.string(),
  status: campaignStatusSchema,
  scheduledAt: dateTimeSchema.nullable(),
  startedAt: dateTimeSchema.nullable(),
  finishedAt: dateTimeSchema.nullable(),
  automatic: z.boolean(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: dateTimeSchema,
  counts: campaignCountsSchema,
  /** The confirmed subscribers a send would reach now (before sending starts, `counts.total` is 0). */
  audience: z.number().int(),
  /** Sent or failed out of total, 0 to 100. */
  progress: z.number().min(0).max(100),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** GET /api/admin/newsletters: the history, newest first. */
export const campaignListAnswer = z.object({ items: z.array(campaignSchema) });

/** GET /api/admin/newsletters/{id}/preview: the e-mail as a subscriber receives it. */
export const campaignPreviewAnswer = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type CampaignPreviewAnswer = z.infer<typeof campaignPreviewAnswer>;

/** GET /api/admin/newsletters/{id}/failures: the refused recipients with the server's answer. */
export const campaignFailuresAnswer = z.object({
  items: z.array(z.object({ email: z.string(), attempts: z.number().int(), error: z.string().nullable() })),
});
export type CampaignFailuresAnswer = z.infer<typeof campaignFailuresAnswer>;

/** Answer of POST /api/admin/newsletters/{id}/test: the address the server accepted the message for. */
export const campaignTestAnswer = z.object({ email: z.string() });

/**
 * GET /api/admin/newsletters/{id}/results: what the campaign did, without tracking pixels. `delivered`: accepted
 * by the SMTP server; `bounced`: refused for good (5xx); `unsubscribed`: left through this campaign's link;
 * clicks through the site's own redirect (`/r/{token}`), total and unique recipients, per link. Rates are
 * percentages of the delivered messages (the bounce rate: of the attempted ones), one decimal.
 */
export const campaignResultsAnswer = z.object({
  recipients: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  unsubscribed: z.number().int(),
  clicks: z.number().int(),
  uniqueClickers: z.number().int(),
  rates: z.object({
    bounce: z.number(),
    unsubscribe: z.number(),
    click: z.number(),
  }),
  links: z.array(z.object({ url: z.string(), clicks: z.number().int(), uniqueClickers: z.number().int() })),
});
export type CampaignResultsAnswer = z.infer<typeof campaignResultsAnswer>;

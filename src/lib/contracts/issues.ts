import './zod-setup';
import { z } from 'zod';
import { dateTimeSchema } from './article';
import { codesWithLabels } from './coded-values';

// The daily issue in the Admin API (/api/admin/issues, docs/ADMIN-API.md): composed as a draft, published now
// or at a time; readers (`/api/issue`, the home page) see only published issues.

const issueStatuses = codesWithLabels({ draft: 'Brouillon', scheduled: 'Programmé', published: 'Publié' });
const issueStatusSchema = issueStatuses.schema;
export type IssueStatus = z.infer<typeof issueStatusSchema>;

/** The statuses' labels, and that of the day's proposal the newsroom shows before its first save. */
export const ISSUE_STATUS_LABELS: Record<IssueStatus | 'new', string> = {
  new: 'Proposition (non enregistrée)',
  ...issueStatuses.labels,
};

export const ISSUE_LIMITS = { textLength: 300, maxNews: 40 } as const;

export const issueDateSchema = z.iso.date({ error: 'doit être une date AAAA-MM-JJ' });

const text = (max: number) => z.string().trim().max(max, `au plus ${max} caractères`);

/** PUT /api/admin/issues/{date}: the whole issue. `publishAt` publishes it (now if past, else at that time). */
export const issuePutBody = z.strictObject({
  issueName: text(ISSUE_LIMITS.textLength).min(1, 'ne doit pas être vide'),
  comiteRedaction: text(ISSUE_LIMITS.textLength),
  redacteurChef: text(ISSUE_LIMITS.textLength),
  newsIds: z
    .array(z.string().trim().min(1).max(100), { error: 'doit être une liste d’identifiants' })
    .min(1, 'au moins une actualité')
    .max(ISSUE_LIMITS.maxNews, `au plus ${ISSUE_LIMITS.maxNews} actualités`)
    .refine((ids) => new Set(ids).size === ids.length, 'une actualité figure deux fois'),
  publishAt: dateTimeSchema.optional(),
});
export type IssuePutBody = z.infer<typeof issuePutBody>;

const issueNewsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  publicationDate: z.string().nullable(),
  /** The public page of the article. */
  path: z.string(),
});
export type IssueNewsItem = z.infer<typeof issueNewsItemSchema>;

/** GET / PUT answer. `status: 'new'` is a proposal not saved yet (the articles published since the last issue). */
export const adminIssueSchema = z.object({
  date: z.string(),
  status: z.union([issueStatusSchema, z.literal('new')]),
  issueName: z.string(),
  comiteRedaction: z.string(),
  redacteurChef: z.string(),
  news: z.array(issueNewsItemSchema),
  publishAt: dateTimeSchema.nullable(),
  publishedAt: dateTimeSchema.nullable(),
  updatedAt: dateTimeSchema.nullable(),
});
export type AdminIssue = z.infer<typeof adminIssueSchema>;

/** GET /api/admin/issues: the latest 60 issues and the day the next one is for. */
export const issueListAnswer = z.object({
  nextDate: z.string(),
  items: z.array(
    z.object({
      date: z.string(),
      status: issueStatusSchema,
      issueName: z.string(),
      newsCount: z.number().int(),
      publishAt: dateTimeSchema.nullable(),
    }),
  ),
});
export type IssueListAnswer = z.infer<typeof issueListAnswer>;

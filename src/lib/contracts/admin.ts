import './zod-setup';
import { z } from 'zod';
import { ARTICLE_TYPE } from '../constants';
import {
  ARTICLE_INPUT_LIMITS,
  articleFieldsSchema,
  articleIdSchema,
  articleInputSchema,
  checkArticleFields,
  dateTimeSchema,
} from './article';
import { codesWithLabels } from './coded-values';
import { RATES_AUDIT_ACTIONS, RATES_MINIMUM_ROLE } from './rate-tables-admin';
import { REVIEW_AUDIT_ACTIONS, REVIEW_MINIMUM_ROLE } from './review-newsroom';
import { SITE_AUDIT_ACTIONS, SITE_MINIMUM_ROLE } from './site-sections-permissions';
import { STAFF_ROLES, type StaffRole } from './staff-roles';

// The Admin API (/api/admin/…): every call's query, body and answer. Route handlers validate with these
// schemas, the newsroom's pages (/redaction) parse answers with them, tests import them. Documented in
// docs/ADMIN-API.md. Errors answer `{ error: { code, message, details? } }` like the rest of the API.

export { frenchErrorMap } from './article';

// ---------------------------------------------------------------------------------------------------------
// Roles, statuses, shared shapes

/** Staff roles, from least to most powerful. */
export { STAFF_ROLES, type StaffRole };

const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'rôle inconnu' });

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  redacteur: 'Rédacteur',
  editeur: 'Éditeur',
  administrateur: 'Administrateur',
};

/** Workflow statuses of an article in the newsroom, in the order of its life. */
const articleStatuses = codesWithLabels(
  {
    draft: 'Brouillon',
    in_review: 'En relecture',
    scheduled: 'Programmé',
    published: 'Publié',
    unpublished: 'Dépublié',
  },
  'statut inconnu',
);
export const ARTICLE_STATUSES = articleStatuses.codes;
export const articleStatusSchema = articleStatuses.schema;
export type ArticleStatus = z.infer<typeof articleStatusSchema>;
export const ARTICLE_STATUS_LABELS = articleStatuses.labels;

/**
 * The least role each call needs. A `redacteur` may also edit, submit and delete only their own articles that
 * were never published and are not in review (`article.editOwn`); the server checks that per article.
 */
const MINIMUM_ROLE = {
  'article.read': 'redacteur',
  'article.create': 'redacteur',
  'article.editOwn': 'redacteur',
  'article.submit': 'redacteur',
  'article.editAny': 'editeur',
  'article.publish': 'editeur',
  'article.unpublish': 'editeur',
  'article.restore': 'editeur',
  'article.deleteAny': 'editeur',
  'media.upload': 'redacteur',
  'staff.manage': 'administrateur',
  'apiKey.manage': 'administrateur',
  'audit.read': 'administrateur',
  // Search: the words never offered as suggestions.
  'search.blocklist': 'administrateur',
  ...SITE_MINIMUM_ROLE,
  ...RATES_MINIMUM_ROLE,
  ...REVIEW_MINIMUM_ROLE,
} as const satisfies Record<string, StaffRole>;
export type AdminPermission = keyof typeof MINIMUM_ROLE;

/** True when `role` may do what `permission` names. */
export function roleAllows(role: StaffRole, permission: AdminPermission): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(MINIMUM_ROLE[permission]);
}

const positiveId = z.coerce.number().int('doit être un entier').positive('doit être positif');

/** A staff member as other answers mention them (author of a revision, of an audit entry, …). */
export const staffRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type StaffRef = z.infer<typeof staffRefSchema>;

/** Every error answer of the API. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});

/** Pagination of list queries: `page` from 1, `perPage` up to 100. */
const paginationQuery = {
  page: z.coerce.number().int('doit être un entier').min(1, 'doit être au moins 1').max(10_000).default(1),
  perPage: z.coerce
    .number()
    .int('doit être un entier')
    .min(1, 'doit être au moins 1')
    .max(100, 'au plus 100')
    .default(25),
};
const paginationAnswer = {
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  pageCount: z.number().int(),
};

/** An e-mail address as staff sign in with it (lower-cased and trimmed by the server). */
const email = z.string().trim().max(254, 'adresse trop longue').email('adresse e-mail invalide');
/** Password rules are the readers' (src/lib/validation.ts), checked on the server; here only the bounds. */
const password = z.string().min(1, 'ne doit pas être vide').max(128, 'au plus 128 caractères');
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'doit contenir 6 chiffres');

// ---------------------------------------------------------------------------------------------------------
// Session: POST / GET / DELETE /api/admin/session

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  active: z.boolean(),
  totpEnabled: z.boolean(),
  /** True once the person has chosen a password (false while an invitation is pending). */
  passwordSet: z.boolean(),
  createdAt: dateTimeSchema,
  lastSignInAt: dateTimeSchema.nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** POST /api/admin/session */
export const sessionCreateBody = z.strictObject({ email, password, totp: totpCode.optional() });
export type SessionCreateBody = z.infer<typeof sessionCreateBody>;

/** Answer of POST and GET /api/admin/session: who is signed in and until when without activity. */
export const sessionAnswer = z.object({
  staff: staffMemberSchema,
  expiresAt: dateTimeSchema,
  /** True when the role must set up two-factor authentication before anything else (production admins). */
  totpSetupRequired: z.boolean(),
});
export type SessionAnswer = z.infer<typeof sessionAnswer>;

/** DELETE /api/admin/session?everywhere=true ends every session of the person, not only this one. */
export const sessionDeleteQuery = z.object({
  everywhere: z
    .enum(['true', 'false'], { error: 'doit valoir true ou false' })
    .default('false')
    .transform((value) => value === 'true'),
});

/** POST /api/admin/session/totp: starts enrolment, answers the secret to show once (and its otpauth URI). */
export const totpSetupAnswer = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswer>;
/** PUT /api/admin/session/totp `{code}` confirms enrolment; DELETE with `{code}` turns it off. */
export const totpCodeBody = z.strictObject({ code: totpCode });

/** GET /api/admin/setup: whether the site still has no staff account (the setup page is then offered). */
export const setupStatusAnswer = z.object({ needed: z.boolean() });
/** POST /api/admin/setup: the first administrator, with the one-time token printed in the server log. */
export const setupBody = z.strictObject({
  token: z.string().min(1, 'ne doit pas être vide').max(200),
  email,
  name: z.string().trim().min(1, 'ne doit pas être vide').max(200),
  password,
});

/** POST /api/admin/invitation: an invited staff member chooses their password with the link's token. */
export const invitationAcceptBody = z.strictObject({
  token: z.string().min(1, 'ne doit pas être vide').max(200),
  password,
});

// ---------------------------------------------------------------------------------------------------------
// Articles

/** The article document: the NDJSON import's shape (src/lib/contracts/article.ts). */
export const articleDocumentSchema = articleInputSchema;
export type ArticleDocument = z.infer<typeof articleDocumentSchema>;

/**
 * POST /api/admin/articles: the article in the import's shape; `id` optional (the server assigns one),
 * `publication_date` optional (set when it is published).
 */
export const articleCreateBody = articleFieldsSchema
  .extend({ id: articleIdSchema.optional(), publication_date: dateTimeSchema.optional() })
  .superRefine(checkArticleFields);
export type ArticleCreateBody = z.input<typeof articleCreateBody>;

type FieldShape = typeof articleFieldsSchema.shape;
type WithoutDefaults = {
  [Key in keyof FieldShape]: FieldShape[Key] extends z.ZodDefault<infer Inner> ? Inner : FieldShape[Key];
};
/** The article's fields with their defaults removed: a field absent from a PATCH stays absent. */
const patchableFields = Object.fromEntries(
  Object.entries(articleFieldsSchema.shape).map(([key, schema]) => [
    key,
    schema instanceof z.ZodDefault ? schema.unwrap() : schema,
  ]),
) as WithoutDefaults;

/**
 * PATCH /api/admin/articles/{id}: the fields to change, and the `version` they were edited from. A field absent
 * is kept; `null` clears an optional one. The whole article is checked again once the changes are applied.
 */
export const articlePatchBody = z
  .strictObject(patchableFields)
  .omit({ id: true })
  .partial()
  .extend({
    version: z.number({ error: 'champ obligatoire manquant' }).int().positive(),
  });
export type ArticlePatchBody = z.input<typeof articlePatchBody>;

/** An article in the newsroom: workflow state around the document. */
export const adminArticleSchema = z.object({
  id: z.string(),
  status: articleStatusSchema,
  /** Increases at every save; PATCH and the workflow calls must send the version they saw. */
  version: z.number().int(),
  /** The version readers see; null if never published. Lower than `version` when edits await publication. */
  publishedVersion: z.number().int().nullable(),
  /** When a scheduled article goes live (UTC). */
  scheduledAt: dateTimeSchema.nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  createdBy: staffRefSchema.nullable(),
  updatedBy: staffRefSchema.nullable(),
  /** The public path (/actualite/{slug}_{id}, …); answers 410 once unpublished. */
  path: z.string(),
  article: articleDocumentSchema,
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

/**
 * The article list counts its matches up to this many (past it, `total` is a lower bound), and pages go no
 * deeper: beyond the first 10,000 matches, a narrower filter finds an article faster than paging does, and
 * every deeper page would cost the database a longer walk.
 */
export const ARTICLE_LIST_BOUND = 10_000;

/**
 * How many matches past the start of the asked page the list counts (never past ARTICLE_LIST_BOUND): page 1
 * counts up to 1,000 matches and says "plus de 1 000" beyond, page 200 up to 5,975. Counting 10,001 matches of a
 * topic read 11,800 heap pages on PGlite (250 ms to 1 s) at each page; a page never needs more than the next
 * pages' worth (decision 035).
 */
export const ARTICLE_LIST_COUNT_AHEAD = 1_000;

/** The number of matches the list counts for a page: a lower bound of the total when more match. */
export function articleListCountLimit(page: number, perPage: number): number {
  return Math.min(ARTICLE_LIST_BOUND, (page - 1) * perPage + ARTICLE_LIST_COUNT_AHEAD);
}

/** GET /api/admin/articles: filters, sorted by last change (newest first), paginated. */
export const articleListQuery = z
  .object({
    status: articleStatusSchema.optional(),
    type: z.enum(ARTICLE_TYPE, { error: 'type inconnu' }).optional(),
    /** A topic or thematic id (EBX:EFL_Themes:…). */
    topic: z.string().trim().min(1).max(ARTICLE_INPUT_LIMITS.shortTextLength).optional(),
    /** Words of the byline (the `author` field). */
    author: z.string().trim().min(1).max(200).optional(),
    /** Staff member who created the article. */
    createdBy: positiveId.optional(),
    /** Words of the title, or an article id. */
    q: z.string().trim().min(1).max(200).optional(),
    /** `evenement`: by event date, latest first (the agenda); by last change otherwise. */
    sort: z.enum(['evenement'], { error: 'tri inconnu' }).optional(),
    ...paginationQuery,
  })
  .superRefine((query, context) => {
    if ((query.page - 1) * query.perPage >= ARTICLE_LIST_BOUND) {
      context.addIssue({
        code: 'custom',
        path: ['page'],
        message: `au plus la page ${Math.ceil(ARTICLE_LIST_BOUND / query.perPage)} (les ${ARTICLE_LIST_BOUND.toLocaleString('fr-FR')} premiers articles) : affinez les filtres`,
      });
    }
  });
export type ArticleListQuery = z.input<typeof articleListQuery>;

const adminArticleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  status: articleStatusSchema,
  version: z.number().int(),
  publishedVersion: z.number().int().nullable(),
  author: z.string().nullable(),
  topics: z.array(z.string()),
  publicationDate: dateTimeSchema.nullable(),
  scheduledAt: dateTimeSchema.nullable(),
  updatedAt: dateTimeSchema,
  updatedBy: staffRefSchema.nullable(),
  createdBy: staffRefSchema.nullable(),
  path: z.string(),
  /** The day of an agenda event (YYYY-MM-DD), null for other articles. */
  eventDate: z.string().nullable(),
});
export type AdminArticleSummary = z.infer<typeof adminArticleSummarySchema>;

export const articleListAnswer = z.object({
  items: z.array(adminArticleSummarySchema),
  ...paginationAnswer,
  /**
   * True when more articles match than the list counted for this page (`articleListCountLimit`: the start of the
   * page plus 1,000, at most 10,000): `total` and `pageCount` then count those only, a lower bound.
   */
  totalIsLowerBound: z.boolean(),
  /** Every staff member, by name: the choices of the list's "Créés par" filter. */
  creators: z.array(staffRefSchema),
});
export type ArticleListAnswer = z.infer<typeof articleListAnswer>;

/** Body of the workflow calls: the version the person saw (a stale one answers 409). */
const versionBody = { version: z.number({ error: 'champ obligatoire manquant' }).int().positive() };

/** POST /api/admin/articles/{id}/submit: a draft goes to review. */
export const articleSubmitBody = z.strictObject(versionBody);

/**
 * POST /api/admin/articles/{id}/publish: `at` (ISO 8601, in the future) schedules it, absent publishes now.
 * `markUpdated` on an article already published sets its "mis à jour le" date to now.
 */
/** The most characters of an update's public note ("Ce qui a changé"). */
export const UPDATE_NOTE_MAX = 500;

export const articlePublishBody = z
  .strictObject({
    ...versionBody,
    at: dateTimeSchema.optional(),
    markUpdated: z.boolean().default(false),
    /** The public note of an update published "mis à jour", shown under "Ce qui a changé". */
    updateNote: z
      .string()
      .trim()
      .min(1, 'la note ne peut pas être vide')
      .max(UPDATE_NOTE_MAX, `au plus ${UPDATE_NOTE_MAX} caractères`)
      .optional(),
  })
  .refine((body) => body.updateNote === undefined || body.markUpdated, {
    path: ['updateNote'],
    error: 'une note accompagne une mise à jour publiée avec « mis à jour »',
  });
export type ArticlePublishBody = z.input<typeof articlePublishBody>;

/** POST /api/admin/articles/{id}/unpublish */
export const articleUnpublishBody = z.strictObject(versionBody);

/** DELETE /api/admin/articles/{id}?version=N */
export const articleDeleteQuery = z.object({ version: positiveId });

/** The 409 answer: the article as it now is, and which fields differ from the version the caller edited. */
export const articleConflictAnswer = z.object({
  error: z.object({ code: z.literal('conflict'), message: z.string() }),
  current: adminArticleSchema,
  /** Top-level fields of the document changed since the caller's version ("title", "view", "sections", …). */
  changedFields: z.array(z.string()),
  /** Who saved the versions the caller has not seen. */
  changedBy: z.array(staffRefSchema),
});
export type ArticleConflictAnswer = z.infer<typeof articleConflictAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Revisions

/** The saves of an article that the audit log records too, as `article.{action}`. */
const AUDITED_ARTICLE_SAVES = [
  'create',
  'update',
  'submit',
  'publish',
  'schedule',
  'unpublish',
  'restore',
] as const;
/** What each revision's save did: the NDJSON import and the demo seed make revisions that no staff member did. */
const REVISION_ACTIONS = [...AUDITED_ARTICLE_SAVES, 'import'] as const;
const revisionActionSchema = z.enum(REVISION_ACTIONS);
export type RevisionAction = z.infer<typeof revisionActionSchema>;

/** GET /api/admin/articles/{id}/revisions: every save, newest first. */
export const revisionSummarySchema = z.object({
  /** The article version this revision saved. */
  number: z.number().int(),
  action: revisionActionSchema,
  createdAt: dateTimeSchema,
  createdBy: staffRefSchema.nullable(),
  title: z.string(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export const revisionListAnswer = z.object({ items: z.array(revisionSummarySchema) });

/** GET /api/admin/articles/{id}/revisions/{rev}: one revision with its full snapshot. */
const revisionAnswer = revisionSummarySchema.extend({ article: articleDocumentSchema });
export type RevisionAnswer = z.infer<typeof revisionAnswer>;

/** GET /api/admin/articles/{id}/revisions/diff?from=N&to=M */
export const revisionDiffQuery = z.object({ from: positiveId, to: positiveId });

/** A run of text the same in both revisions, only in the newer one, or only in the older one. */
const diffPartSchema = z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() });
export type DiffPart = z.infer<typeof diffPartSchema>;

/**
 * One block of a rich text compared block by block: a heading, a paragraph, a list item or a table row, kept
 * as it was, inserted, deleted, or changed (its words compared). `cells` holds a row's cells, one for the others.
 */
const blockDiffSchema = z.object({
  kind: z.enum(['same', 'added', 'removed', 'changed']),
  element: z.enum(['heading', 'paragraph', 'item', 'row']),
  cells: z.array(z.array(diffPartSchema)),
});
export type BlockDiff = z.infer<typeof blockDiffSchema>;

/**
 * A readable comparison: each changed field with its French label and its word-level differences; a rich text
 * (the body, a section's) also compared block by block, so headings, lists and tables stay readable.
 */
export const revisionDiffAnswer = z.object({
  from: revisionSummarySchema,
  to: revisionSummarySchema,
  changes: z.array(
    z.object({
      /** Path of the field: "title", "view", "sections[1].view", "images", … */
      field: z.string(),
      label: z.string(),
      parts: z.array(diffPartSchema),
      blocks: z.optional(z.array(blockDiffSchema)),
    }),
  ),
});
export type RevisionDiffAnswer = z.infer<typeof revisionDiffAnswer>;

/** POST /api/admin/articles/{id}/revisions/{rev}/restore: the revision becomes a new version. */
export const revisionRestoreBody = z.strictObject(versionBody);

// ---------------------------------------------------------------------------------------------------------
// Media: POST /api/admin/media (multipart: `file`, optional `alt`)

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const MEDIA_CONTENT_TYPES = [...IMAGE_CONTENT_TYPES, 'application/pdf'] as const;

const mediaVariantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  contentType: z.string(),
});
export type MediaVariant = z.infer<typeof mediaVariantSchema>;

export const mediaAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(['image', 'pdf']),
  url: z.string(),
  name: z.string(),
  contentType: z.enum(MEDIA_CONTENT_TYPES),
  size: z.number().int(),
  /** Null for a PDF. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  alt: z.string().nullable(),
  /** Proposed as the figcaption when the image is placed in a text. */
  caption: z.string().nullable(),
  /** Where crops keep the subject, in percent from the left and the top; null: the centre. */
  focalPoint: z.object({ x: z.number().int(), y: z.number().int() }).nullable(),
  /** The medium whose file this one replaced (a new version), or null. */
  replacesId: z.number().int().nullable(),
  /** Smaller copies for `srcset`, narrowest first (empty for a PDF). */
  variants: z.array(mediaVariantSchema),
  /** Name of the staff member or API key that uploaded it (null once deleted). */
  uploadedBy: z.string().nullable(),
  createdAt: dateTimeSchema,
});
export type MediaAnswer = z.infer<typeof mediaAnswer>;

const focalCoordinate = z
  .number({ error: 'doit être un nombre' })
  .int('doit être un entier')
  .min(0, 'doit être entre 0 et 100')
  .max(100, 'doit être entre 0 et 100');

/** PATCH /api/admin/media/{id}: any of the alt text, the caption (empty: none) and the focal point (null: centre). */
export const mediaPatchBody = z
  .strictObject({
    alt: z
      .string()
      .trim()
      .min(1, 'ne doit pas être vide')
      .max(ARTICLE_INPUT_LIMITS.shortTextLength)
      .optional(),
    caption: z.string().trim().max(ARTICLE_INPUT_LIMITS.shortTextLength).optional(),
    focalPoint: z.strictObject({ x: focalCoordinate, y: focalCoordinate }).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Rien à modifier : alt, caption ou focalPoint.');
export type MediaPatchBody = z.input<typeof mediaPatchBody>;

const MEDIA_SEARCH_MAX_LENGTH = 100;

/** GET /api/admin/media: the newest version of each medium, newest first; `q` in its name, alt text or caption. */
export const mediaListQuery = z.object({
  kind: z.enum(['image', 'pdf'], { error: 'type inconnu' }).optional(),
  q: z
    .string()
    .trim()
    .max(MEDIA_SEARCH_MAX_LENGTH, `au plus ${MEDIA_SEARCH_MAX_LENGTH} caractères`)
    .optional()
    .transform((value) => value || undefined),
  ...paginationQuery,
});

export const mediaListAnswer = z.object({ items: z.array(mediaAnswer), ...paginationAnswer });
export type MediaListAnswer = z.infer<typeof mediaListAnswer>;

/** GET /api/admin/media/{id}: the medium and the articles that show it (any of its versions). */
export const mediaDetailAnswer = mediaAnswer.extend({
  usedBy: z.array(z.object({ id: z.string(), title: z.string(), status: z.string() })),
  /** Other places that show it (editorial pages, banners), named for people. */
  usedElsewhere: z.array(z.string()),
});
export type MediaDetailAnswer = z.infer<typeof mediaDetailAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Staff (administrators): GET / POST /api/admin/staff, PATCH /api/admin/staff/{id}

export const staffListAnswer = z.object({ items: z.array(staffMemberSchema) });

/** Without `password` the person receives an invitation e-mail with a link to choose one. */
export const staffCreateBody = z.strictObject({
  email,
  name: z.string().trim().min(1, 'ne doit pas être vide').max(200),
  role: staffRoleSchema,
  password: password.optional(),
});
export type StaffCreateBody = z.infer<typeof staffCreateBody>;

/** `active: false` closes the account and ends its sessions. */
export const staffPatchBody = z.strictObject({
  name: z.string().trim().min(1, 'ne doit pas être vide').max(200).optional(),
  role: staffRoleSchema.optional(),
  active: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------------------
// API keys (administrators): GET / POST /api/admin/api-keys, DELETE /api/admin/api-keys/{id}
// Used as `Authorization: Bearer <secret>`.

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: staffRoleSchema,
  /** The first characters of the secret, to recognise it. */
  prefix: z.string(),
  createdAt: dateTimeSchema,
  createdBy: staffRefSchema.nullable(),
  lastUsedAt: dateTimeSchema.nullable(),
  revokedAt: dateTimeSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListAnswer = z.object({ items: z.array(apiKeySchema) });
export const apiKeyCreateBody = z.strictObject({
  name: z.string().trim().min(1, 'ne doit pas être vide').max(200),
  role: staffRoleSchema,
});
/** The only answer that carries the secret: it is stored hashed and never shown again. */
export const apiKeyCreatedAnswer = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreatedAnswer = z.infer<typeof apiKeyCreatedAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Audit log (administrators): GET /api/admin/audit

export const AUDIT_ACTIONS = [
  'session.sign_in',
  'session.sign_in_failed',
  'session.sign_out',
  'session.sign_out_everywhere',
  'session.totp_enabled',
  'session.totp_disabled',
  'setup.first_administrator',
  ...AUDITED_ARTICLE_SAVES.map((save) => `article.${save}` as const),
  'article.delete',
  'article.undelete',
  'article.purge',
  'media.upload',
  'media.update',
  'media.replace',
  'media.delete',
  'staff.create',
  'staff.invite',
  'staff.update',
  'staff.password_set',
  'api_key.create',
  'api_key.revoke',
  ...SITE_AUDIT_ACTIONS,
  ...RATES_AUDIT_ACTIONS,
  ...REVIEW_AUDIT_ACTIONS,
] as const;
const auditActionSchema = z.enum(AUDIT_ACTIONS, { error: 'action inconnue' });
export type AuditAction = z.infer<typeof auditActionSchema>;

const auditEntrySchema = z.object({
  id: z.number().int(),
  at: dateTimeSchema,
  actor: z.object({
    kind: z.enum(['staff', 'api_key', 'system', 'anonymous']),
    id: z.number().int().nullable(),
    name: z.string().nullable(),
  }),
  action: auditActionSchema,
  /** What the action was on: "article", "staff", "api_key", "media". */
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** Client address (src/server/http/rate-limit.ts clientAddress). */
  address: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuery = z.object({
  action: auditActionSchema.optional(),
  staffId: positiveId.optional(),
  targetType: z.string().trim().min(1).max(50).optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
  ...paginationQuery,
});
export const auditListAnswer = z.object({ items: z.array(auditEntrySchema), ...paginationAnswer });
export type AuditListAnswer = z.infer<typeof auditListAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Taxonomy for the editor's pickers: GET /api/admin/taxonomy

export const taxonomyAnswer = z.object({
  topics: z.array(
    z.object({
      id: z.string(),
      shortId: z.string(),
      label: z.string(),
      slug: z.string(),
      parentId: z.string().nullable(),
    }),
  ),
  trades: z.array(z.object({ slug: z.string(), label: z.string() })),
});
export type TaxonomyAnswer = z.infer<typeof taxonomyAnswer>;

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

// Newsroom (src/server/staff, src/server/editorial): staff accounts and their sessions, API keys, the audit log, the
// articles' working copies with their workflow and revisions, and uploaded media. `articles` above stays the
// public copy: readers' queries never see a draft, and publishing writes it as the import does. The migration
// adds by hand the trigram indexes of the list's text filters and the trigger that keeps the audit log
// append-only.

/** Roles and workflow statuses, as stored (src/lib/contracts/admin.ts has their labels). */
const STAFF_ROLE_VALUES = sql`('redacteur', 'editeur', 'administrateur')`;
const ARTICLE_STATUS_VALUES = sql`('draft', 'in_review', 'scheduled', 'published', 'unpublished')`;

/** The publisher's staff: separate from readers (`customers`), with their own sessions. */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial().primaryKey(),
    /** Lower-cased, trimmed address. */
    email: text().notNull(),
    name: text().notNull(),
    role: text().notNull(),
    /** Argon2id; null while an invitation waits for the person to choose a password. */
    passwordHash: text(),
    active: boolean().notNull().default(true),
    /** Base32 TOTP secret: pending until `totpEnabledAt` is set by a first valid code. */
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer(),
    /** SHA-256 of the invitation token sent by e-mail, and when it stops working. */
    invitationTokenHash: text(),
    invitationExpiresAt: timestamp({ withTimezone: true }),
    lastSignInAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_members_email_idx').on(t.email),
    uniqueIndex('staff_members_invitation_idx').on(t.invitationTokenHash),
    check('staff_members_role_check', sql`${t.role} in ${STAFF_ROLE_VALUES}`),
  ],
);

/** Staff sessions: a hash of the opaque token; each call pushes `expiresAt` (expiry after inactivity). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    address: text().notNull().default('unknown'),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    index('staff_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Keys of external editorial systems: shown once, stored as a SHA-256 hash, bound to a role, revocable. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    role: text().notNull(),
    /** The first characters of the secret, shown in lists to recognise a key. */
    prefix: text().notNull(),
    secretHash: text().notNull(),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_idx').on(t.secretHash),
    check('api_keys_role_check', sql`${t.role} in ${STAFF_ROLE_VALUES}`),
  ],
);

/** Every staff action: who, when, what, from where. Append-only (a trigger refuses updates and deletes). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** staff, api_key, system or anonymous (a failed sign-in). */
    actorKind: text().notNull(),
    staffId: integer(),
    apiKeyId: integer(),
    /** The actor's name at the time (a later rename does not rewrite history). */
    actorName: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    address: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_staff_idx').on(t.staffId, t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at.desc()),
  ],
);

/**
 * The newsroom's copy of every article: the document in the import's shape (src/lib/contracts/article.ts) with
 * its workflow state. The list's filter and sort columns are copied out of the document at each save.
 */
export const newsroomArticles = pgTable(
  'newsroom_articles',
  {
    /** The article id, the same as the public copy's in `articles` once published. */
    id: text().primaryKey(),
    status: text().notNull(),
    /** Optimistic concurrency: every save increments it, and a save from an older version is refused. */
    version: integer().notNull().default(1),
    /** The version readers see (null if never published). */
    publishedVersion: integer(),
    document: jsonb().$type<Record<string, unknown>>().notNull(),
    type: text().notNull(),
    title: text().notNull(),
    slug: text().notNull(),
    enrichedNewsId: text(),
    author: text(),
    topicIds: text().array().notNull().default(sql`'{}'::text[]`),
    publicationDate: timestamp({ withTimezone: true }),
    scheduledAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    updatedBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    ...timestamps,
    // Newsroom article list: the title and byline normalised as the list's text filters match them, stored,
    // so the trigram indexes' recheck compares text instead of running unaccent on every candidate row.
    titleSearch: text().generatedAlwaysAs(sql`search_normalize(title)`),
    authorSearch: text().generatedAlwaysAs(sql`search_normalize(author)`),
  },
  (t) => [
    index('newsroom_articles_updated_idx').on(t.updatedAt.desc(), t.id),
    index('newsroom_articles_status_idx').on(t.status, t.updatedAt.desc()),
    index('newsroom_articles_type_idx').on(t.type, t.updatedAt.desc()),
    index('newsroom_articles_created_by_idx').on(t.createdBy, t.updatedAt.desc()),
    index('newsroom_articles_topic_ids_idx').using('gin', t.topicIds),
    index('newsroom_articles_scheduled_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    index('newsroom_articles_enriched_idx').on(t.enrichedNewsId),
    check('newsroom_articles_status_check', sql`${t.status} in ${ARTICLE_STATUS_VALUES}`),
  ],
);

/** Every save of an article: a full snapshot of the document, who and when. */
export const newsroomRevisions = pgTable(
  'newsroom_revisions',
  {
    id: serial().primaryKey(),
    articleId: text()
      .notNull()
      .references(() => newsroomArticles.id, { onDelete: 'cascade' }),
    /** The article version this revision saved. */
    number: integer().notNull(),
    action: text().notNull(),
    document: jsonb().$type<Record<string, unknown>>().notNull(),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsroom_revisions_article_number_idx').on(t.articleId, t.number)],
);

/** Uploaded images and PDF attachments; their bytes are in `mediaFiles`, so every instance can serve them. */
export const media = pgTable(
  'media',
  {
    id: serial().primaryKey(),
    /** image or pdf */
    kind: text().notNull(),
    contentType: text().notNull(),
    /** The uploaded file's name, cleaned. */
    name: text().notNull(),
    size: integer().notNull(),
    width: integer(),
    height: integer(),
    alt: text(),
    /** The caption proposed when the medium is placed in a text (a figure's figcaption). */
    caption: text(),
    /** Where a crop keeps the subject: percentages from the left and the top (null: the centre). */
    focalX: smallint(),
    focalY: smallint(),
    /** The medium this one is a new version of (its file replaced; decision 074): the library shows the newest. */
    replacesId: integer().references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    /** SHA-256 of the original, in the files' URLs so that they can be cached for ever. */
    sha256: text().notNull(),
    /**
     * 32 random hex characters naming the medium in its files' public URLs (/media/{publicKey}/…), so that a medium
     * not yet published cannot be found by counting ids. Null for media uploaded before it existed, which keep their
     * numeric addresses (published content links them; decision 069).
     */
    publicKey: text().unique(),
    variants: jsonb()
      .$type<{ width: number; height: number; key: string; contentType: string }[]>()
      .notNull(),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_replaces_idx').on(t.replacesId),
    check('media_focal_point_check', sql`${t.focalX} between 0 and 100 and ${t.focalY} between 0 and 100`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The bytes of a medium: the original (`original`) and each variant (`w640`, …), in parts of at most
 * MEDIA_PART_BYTES written one statement each (on PGlite one large write held every other query for seconds).
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    mediaId: integer()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    part: integer().notNull().default(0),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.key, t.part] })],
);

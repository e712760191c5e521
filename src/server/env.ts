import 'server-only';
import { z } from 'zod';

/**
 * Configuration from the environment, validated once. A bad value stops the start with a message naming the
 * variable, rather than surfacing later as a confusing runtime error.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** PostgreSQL connections per instance: two instances stay well under PostgreSQL's default of 100. */
const DEFAULT_DATABASE_POOL_SIZE = 32;

/** A whole number between `min` and `max`, `fallback` when unset or empty; a bad value names the range in French. */
function integerSetting(min: number, max: number, fallback: number) {
  const range = `doit être entre ${min} et ${max}`;
  return z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'doit être un nombre' })
      .int('doit être un entier')
      .min(min, range)
      .max(max, range)
      .default(fallback),
  );
}

const urlString = z.url({ protocol: /^https?$/, error: 'doit être une URL http(s) absolue' });

export const envSchema = z
  .object({
    PORT: integerSetting(1, 65535, 3000),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^postgres(ql)?$/, error: 'doit être une URL postgres://utilisateur@hôte/base' })
        .optional(),
    ),
    /**
     * Connections to PostgreSQL per app instance. A query holds its connection until this process has read the
     * answer, so a busy server needs more of them than PostgreSQL needs to run the queries (docs/SCALING.md).
     */
    DATABASE_POOL_SIZE: integerSetting(1, 200, DEFAULT_DATABASE_POOL_SIZE),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
    SITE_URL: z.preprocess(emptyAsUndefined, urlString.default('https://www.editions-portalis.fr')),
    SHOP_BASE_URL: z.preprocess(emptyAsUndefined, urlString.default('https://boutique.editions-portalis.fr')),
    SUBSCRIBER_URL: z.preprocess(emptyAsUndefined, urlString.default('https://abonnes.editions-portalis.fr')),
    APP_ENV: z.preprocess(
      emptyAsUndefined,
      z
        .enum(['production', 'staging', 'development', 'test'], {
          error: 'doit valoir production, staging, development ou test',
        })
        .default('development'),
    ),
    ANALYTICS_SCRIPT_URL: z.preprocess(emptyAsUndefined, urlString.optional()),
    /** Signs the unsubscribe links of our emails; required in production, at least 32 characters. */
    NEWSLETTER_UNSUBSCRIBE_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
    ),
    /** SMTP server of `npm run newsletter:send` (smtp:// or smtps://, with credentials if needed). */
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^smtps?$/, error: 'doit être une URL smtp:// ou smtps://' }).optional(),
    ),
    /** Sender of the newsletter, e.g. `La Quotidienne <newsletter@example.fr>`; defaults to the site's domain. */
    NEWSLETTER_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).max(200).optional()),
    /** Sender of transactional e-mails (confirmations, password resets, alerts); defaults to the site's domain. */
    EMAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).max(200).optional()),
    /**
     * Reverse proxies in front of the app that append the client's address to X-Forwarded-For (nginx, a load
     * balancer). 0: nobody, the connection's own address is the client's and X-Forwarded-For is ignored.
     */
    // Search: distinct client addresses that must have made a search in 7 days before it is suggested.
    SEARCH_SUGGESTION_MIN_CLIENTS: integerSetting(1, 1000, 5),
    // Search: searches a client address may make per minute (pages and API together).
    SEARCH_RATE_LIMIT_PER_MINUTE: integerSetting(1, 10000, 60),
    // Search: searches in progress at once in this process; the others wait their turn (search-slots.ts).
    SEARCH_CONCURRENCY: integerSetting(1, 64, 2),
    // Accounts: password hashes (argon2id) computed at once in this process; the others wait their turn
    // (hash-turns.ts, decision 058). 4, libuv's own pool: as before. Never a weaker hash, whatever the setting.
    PASSWORD_HASH_CONCURRENCY: integerSetting(1, 64, 4),
    // Page cache: up to this many seconds added at random to the minute of each long-lived copy, so that copies
    // made together are not all rendered again at the same moment (page-cache.ts, decision 058). 0: none.
    PAGE_CACHE_SPREAD_SECONDS: integerSetting(0, 300, 30),
    TRUSTED_PROXY_HOPS: integerSetting(0, 10, 0),
    // Accounts
    /**
     * Where readers' accounts live: `site` (this site's own password reset and Mon compte pages) or `shop` (the
     * shop's forgot-password and account pages, for a publisher whose shop owns the accounts).
     */
    ACCOUNTS_MANAGED_BY: z.preprocess(
      emptyAsUndefined,
      z.enum(['site', 'shop'], { error: 'doit valoir site ou shop' }).default('site'),
    ),
    /**
     * Accounts: registrations, valid or not, one client address may attempt per hour. Raised only where
     * every client shares one address on purpose (the end-to-end tests' server).
     */
    REGISTRATION_LIMIT_PER_HOUR: integerSetting(1, 10000, 10),
    // Newsroom (src/server/staff, src/server/editorial)
    /** The first administrator, created at start when no staff account exists (docs/ADMIN-API.md). */
    NEWSROOM_ADMIN_EMAIL: z.preprocess(
      emptyAsUndefined,
      z.email({ error: 'doit être une adresse e-mail' }).max(254).optional(),
    ),
    NEWSROOM_ADMIN_PASSWORD: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .min(12, 'doit contenir au moins 12 caractères')
        .max(128, 'doit contenir au plus 128 caractères')
        .optional(),
    ),
    /** A staff session ends after this many minutes without a call. */
    NEWSROOM_SESSION_IDLE_MINUTES: integerSetting(5, 1440, 480),
    // Newsroom: encryption of the staff's TOTP secrets (src/server/staff/secret-box.ts)
    /**
     * 32 random bytes, base64 (44 characters) or hex (64): the key the staff's TOTP secrets are encrypted with.
     * Required in production and staging; development and test use a public development key.
     */
    NEWSROOM_SECRET_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine(
          (value) => decodeSecretKey(value) !== null,
          'doit être 32 octets aléatoires en base64 (44 caractères) ou en hexadécimal (64), par exemple `openssl rand -base64 32`',
        )
        .optional(),
    ),
    // Newsletter campaigns
    /** Messages per second a campaign sends at most (the SMTP provider's limit). */
    NEWSLETTER_RATE_PER_SECOND: integerSetting(1, 10_000, 50),
    /** Daily automatic send of the day's issue at this Paris time (HH:MM); empty: staff send campaigns. */
    NEWSLETTER_DAILY_SEND_TIME: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'doit être une heure HH:MM (00:00 à 23:59)')
        .optional(),
    ),
    /** Daily issue: the Paris time (HH:MM) at which the next working day's issue is drafted. */
    ISSUE_DRAFT_TIME: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'doit être une heure HH:MM (00:00 à 23:59)')
        .default('17:00'),
    ),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    // --- Operations: metrics access and the read replica ---
    /** Lets a scraper read /metrics from another host with `Authorization: Bearer …`; loopback needs none. */
    METRICS_TOKEN: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .min(32, 'doit contenir au moins 32 caractères')
        .max(256, 'doit contenir au plus 256 caractères')
        .regex(/^[A-Za-z0-9._~+/=-]+$/, 'doit être un jeton (lettres, chiffres, . _ ~ + / = -)')
        .optional(),
    ),
    /**
     * A streaming replica of DATABASE_URL for the public reads (lists, search, suggestions); writes and the reads
     * that must see them stay on DATABASE_URL (docs/SCALING.md).
     */
    DATABASE_READ_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^postgres(ql)?$/, error: 'doit être une URL postgres://utilisateur@hôte/base' })
        .optional(),
    ),
    /**
     * An OpenTelemetry collector (OTLP over HTTP, JSON): traces of requests, database statements and searches are
     * sent to `{endpoint}/v1/traces`. Unset: no tracing, and nothing of the SDK is loaded.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyAsUndefined, urlString.optional()),
    /** The service name the traces carry (`service.name`). */
    OTEL_SERVICE_NAME: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .max(100, 'doit contenir au plus 100 caractères')
        .regex(/^[A-Za-z0-9._-]+$/, 'doit être un nom (lettres, chiffres, . _ -)')
        .default('la-quotidienne'),
    ),
    // --- end of operations ---
  })
  .superRefine((config, context) => {
    if (config.DATABASE_READ_URL && !config.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'demande DATABASE_URL (une réplique de la base PostgreSQL principale)',
      });
    }
    if (Boolean(config.NEWSROOM_ADMIN_EMAIL) !== Boolean(config.NEWSROOM_ADMIN_PASSWORD)) {
      context.addIssue({
        code: 'custom',
        path: [config.NEWSROOM_ADMIN_EMAIL ? 'NEWSROOM_ADMIN_PASSWORD' : 'NEWSROOM_ADMIN_EMAIL'],
        message: 'NEWSROOM_ADMIN_EMAIL et NEWSROOM_ADMIN_PASSWORD vont ensemble',
      });
    }
    if ((config.APP_ENV === 'production' || config.APP_ENV === 'staging') && !config.NEWSROOM_SECRET_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['NEWSROOM_SECRET_KEY'],
        message: `obligatoire en ${config.APP_ENV} (chiffrement des secrets de double authentification de la rédaction)`,
      });
    }
    if (config.APP_ENV === 'production' && !config.NEWSLETTER_UNSUBSCRIBE_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['NEWSLETTER_UNSUBSCRIBE_SECRET'],
        message: 'obligatoire en production (liens de désinscription signés)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** A 256-bit key written in base64 (padded or not) or hex, or null if it is not exactly that. */
export function decodeSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

/** Parses a set of variables; throws a ConfigurationError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')} : ${issue.message}`);
  throw new ConfigurationError(problems);
}

let cached: Env | undefined;

/** The process configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Only production allows search engines to index the site. */
export function indexingAllowed(config: Env = env()): boolean {
  return config.APP_ENV === 'production';
}

import { describe, expect, it } from 'vitest';
import { ConfigurationError, decodeSecretKey, indexingAllowed, parseEnv } from './env';

/** 32 bytes in base64, as `openssl rand -base64 32` writes them. */
const NEWSROOM_KEY = Buffer.alloc(32, 7).toString('base64');

describe('parseEnv', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = parseEnv({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_POOL_SIZE).toBe(32);
    expect(config.APP_ENV).toBe('development');
    expect(config.ANALYTICS_SCRIPT_URL).toBeUndefined();
    expect(config.SITE_URL).toMatch(/^https:\/\//);
    expect(config.SHOP_BASE_URL).toMatch(/^https:\/\//);
    expect(config.SUBSCRIBER_URL).toMatch(/^https:\/\//);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '', ANALYTICS_SCRIPT_URL: '' })).toMatchObject({ PORT: 3000 });
  });

  it('reads valid values', () => {
    const config = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://app:secret@127.0.0.1:5432/quotidienne',
      APP_ENV: 'production',
      ANALYTICS_SCRIPT_URL: 'https://tags.example.test/utag.js',
      NEWSLETTER_UNSUBSCRIBE_SECRET: 'a'.repeat(32),
      NEWSROOM_SECRET_KEY: NEWSROOM_KEY,
      SMTP_URL: 'smtps://envoi:secret@smtp.example.test:465',
      DATABASE_POOL_SIZE: '48',
    });
    expect(config.DATABASE_POOL_SIZE).toBe(48);
    expect(config.SMTP_URL).toBe('smtps://envoi:secret@smtp.example.test:465');
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://app:secret@127.0.0.1:5432/quotidienne');
    expect(config.APP_ENV).toBe('production');
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/x' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '0' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '2.5' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: 'beaucoup' }],
    ['SITE_URL', { SITE_URL: 'not a url' }],
    ['SHOP_BASE_URL', { SHOP_BASE_URL: 'ftp://shop.example.test' }],
    ['APP_ENV', { APP_ENV: 'prod' }],
    ['ANALYTICS_SCRIPT_URL', { ANALYTICS_SCRIPT_URL: 'javascript:alert(1)' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.test' }],
    ['NEWSLETTER_UNSUBSCRIBE_SECRET', { NEWSLETTER_UNSUBSCRIBE_SECRET: 'trop-court' }],
    ['NEWSLETTER_UNSUBSCRIBE_SECRET', { APP_ENV: 'production', NEWSROOM_SECRET_KEY: NEWSROOM_KEY }],
    ['NEWSROOM_SECRET_KEY', { APP_ENV: 'production', NEWSLETTER_UNSUBSCRIBE_SECRET: 'a'.repeat(32) }],
    ['NEWSROOM_SECRET_KEY', { APP_ENV: 'staging' }],
    ['NEWSROOM_SECRET_KEY', { NEWSROOM_SECRET_KEY: 'trop-courte' }],
    ['NEWSROOM_SECRET_KEY', { NEWSROOM_SECRET_KEY: Buffer.alloc(31).toString('base64') }],
    ['NEWSROOM_SECRET_KEY', { NEWSROOM_SECRET_KEY: 'z'.repeat(64) }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'court' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: `${'x'.repeat(40)} espace` }],
    ['DATABASE_READ_URL', { DATABASE_READ_URL: 'http://replica.example.test/db' }],
    ['DATABASE_READ_URL', { DATABASE_READ_URL: 'postgres://replica.example.test/db' }],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' }],
    ['OTEL_SERVICE_NAME', { OTEL_SERVICE_NAME: 'la quotidienne' }],
  ])('rejects a bad %s with a message naming it', (name, source) => {
    expect(() => parseEnv(source)).toThrow(ConfigurationError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name} :`));
  });

  it('names every bad variable at once', () => {
    try {
      parseEnv({ PORT: 'x', APP_ENV: 'y' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigurationError).problems.map((p) => p.split(' ')[0])).toEqual(['PORT', 'APP_ENV']);
    }
  });
});

describe('indexingAllowed', () => {
  it('allows indexing only in production', () => {
    const secret = 'a'.repeat(32);
    const keys = { NEWSLETTER_UNSUBSCRIBE_SECRET: secret, NEWSROOM_SECRET_KEY: NEWSROOM_KEY };
    expect(indexingAllowed(parseEnv({ APP_ENV: 'production', ...keys }))).toBe(true);
    for (const APP_ENV of ['staging', 'development', 'test']) {
      expect(indexingAllowed(parseEnv({ APP_ENV, ...keys }))).toBe(false);
    }
  });
});

describe('ACCOUNTS_MANAGED_BY', () => {
  it('defaults to this site and accepts shop', () => {
    expect(parseEnv({}).ACCOUNTS_MANAGED_BY).toBe('site');
    expect(parseEnv({ ACCOUNTS_MANAGED_BY: 'shop' }).ACCOUNTS_MANAGED_BY).toBe('shop');
  });

  it('refuses any other value, naming the variable', () => {
    expect(() => parseEnv({ ACCOUNTS_MANAGED_BY: 'boutique' })).toThrow(
      /ACCOUNTS_MANAGED_BY : doit valoir site ou shop/,
    );
  });
});

describe('REGISTRATION_LIMIT_PER_HOUR', () => {
  it('defaults to 10 registrations per client address and hour, and may be raised', () => {
    expect(parseEnv({}).REGISTRATION_LIMIT_PER_HOUR).toBe(10);
    expect(parseEnv({ REGISTRATION_LIMIT_PER_HOUR: '10000' }).REGISTRATION_LIMIT_PER_HOUR).toBe(10000);
  });

  it('refuses a value that would turn the limit off or is not a whole number', () => {
    for (const value of ['0', '-1', '2.5', 'dix', '10001']) {
      expect(() => parseEnv({ REGISTRATION_LIMIT_PER_HOUR: value })).toThrow(/REGISTRATION_LIMIT_PER_HOUR/);
    }
  });
});

describe('search settings', () => {
  it('defaults to 5 distinct clients for a suggestion and 60 searches a minute', () => {
    expect(parseEnv({})).toMatchObject({
      SEARCH_SUGGESTION_MIN_CLIENTS: 5,
      SEARCH_RATE_LIMIT_PER_MINUTE: 60,
    });
    expect(parseEnv({ SEARCH_SUGGESTION_MIN_CLIENTS: '12' }).SEARCH_SUGGESTION_MIN_CLIENTS).toBe(12);
  });

  it('refuses values that would turn the rules off or are not whole numbers, in French', () => {
    for (const value of ['0', '-3', '2.5', 'cinq', '5000']) {
      expect(() => parseEnv({ SEARCH_SUGGESTION_MIN_CLIENTS: value })).toThrow(ConfigurationError);
    }
    expect(() => parseEnv({ SEARCH_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/SEARCH_RATE_LIMIT_PER_MINUTE/);
  });

  it('runs 2 searches at once in a process unless SEARCH_CONCURRENCY says otherwise (1 to 64)', () => {
    expect(parseEnv({}).SEARCH_CONCURRENCY).toBe(2);
    expect(parseEnv({ SEARCH_CONCURRENCY: '1' }).SEARCH_CONCURRENCY).toBe(1);
    for (const value of ['0', '65', 'deux']) {
      expect(() => parseEnv({ SEARCH_CONCURRENCY: value })).toThrow(/SEARCH_CONCURRENCY/);
    }
  });

  it('computes 4 password hashes at once in a process unless PASSWORD_HASH_CONCURRENCY says otherwise (1 to 64)', () => {
    expect(parseEnv({}).PASSWORD_HASH_CONCURRENCY).toBe(4);
    expect(parseEnv({ PASSWORD_HASH_CONCURRENCY: '1' }).PASSWORD_HASH_CONCURRENCY).toBe(1);
    for (const value of ['0', '65', 'un']) {
      expect(() => parseEnv({ PASSWORD_HASH_CONCURRENCY: value })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
    }
  });
});

describe('NEWSROOM_SECRET_KEY (newsroom)', () => {
  it('is optional in development and test, and read as base64 or hex of 32 bytes', () => {
    expect(parseEnv({}).NEWSROOM_SECRET_KEY).toBeUndefined();
    expect(parseEnv({ APP_ENV: 'test' }).NEWSROOM_SECRET_KEY).toBeUndefined();
    const hex = 'ab'.repeat(32);
    expect(decodeSecretKey(hex)).toEqual(Buffer.alloc(32, 0xab));
    expect(decodeSecretKey(NEWSROOM_KEY)).toEqual(Buffer.alloc(32, 7));
    expect(decodeSecretKey(Buffer.alloc(32, 0xfb).toString('base64url'))).toEqual(Buffer.alloc(32, 0xfb));
    expect(decodeSecretKey('ab'.repeat(31))).toBeNull();
    expect(decodeSecretKey(Buffer.alloc(33).toString('base64'))).toBeNull();
  });
});

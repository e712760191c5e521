import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { backgroundJobs } from '@/server/db/schema';
import { html } from '@/server/email/html';
import { queueEmail } from '@/server/email/outbox';
import { emailButton, emailParagraph, renderEmail } from '@/server/email/render';
import { EmailNotConfiguredError, emailSenderFor } from '@/server/email/transport';
import { parseEnv } from '@/server/env';
import { countJobs } from '@/server/jobs/queue';
import { runDueJobs } from '@/server/jobs/runner';
import { createTestDatabase } from '../support/database';
import { findFreePort } from '../support/free-port';
import { TestSmtpServer } from '../support/smtp-server';

let database: Database;
let smtp: TestSmtpServer;
let smtpPort: number;
const workDir = mkdtempSync(path.join(tmpdir(), 'email-outbox-'));

const hoursLater = (hours: number) => new Date(Date.now() + hours * 3_600_000);

function confirmationEmail(to: string) {
  const rendered = renderEmail({
    subject: 'Confirmez votre adresse',
    preheader: 'Un clic pour confirmer',
    body: html`${emailParagraph(html`Bonjour <b>${'Élise & Cie'}</b>,`)}${emailButton(
      'Confirmer mon adresse',
      'https://www.example.test/confirmer?t=abc&x=1',
    )}`,
  });
  return { to, subject: 'Confirmez votre adresse', category: 'test', ...rendered };
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtpPort = await findFreePort();
  // The job reads the process configuration: this file's SMTP server, which is down until a test starts it.
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  process.env.EMAIL_FROM = 'La Quotidienne <ne-pas-repondre@example.test>';
  smtp = new TestSmtpServer();
});

afterAll(async () => {
  await smtp?.stop().catch(() => {});
  await database?.close();
  rmSync(workDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(backgroundJobs);
});

describe('e-mail outbox', () => {
  it('keeps an e-mail while the SMTP server is down and sends it, once, when it is back', async () => {
    await queueEmail(database.db, confirmationEmail('alice@example.fr'));
    expect(await runDueJobs(database.db)).toEqual({ done: 0, retried: 1, failed: 0 });
    expect((await countJobs(database.db)).pending).toBe(1);

    await smtp.start(smtpPort);
    expect(await runDueJobs(database.db, { now: hoursLater(2) })).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await runDueJobs(database.db, { now: hoursLater(4) })).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(smtp.countFor('alice@example.fr')).toBe(1);

    const raw = smtp.received.find((message) => message.to.includes('alice@example.fr'))?.raw ?? '';
    const email = await PostalMime.parse(raw);
    expect(email.subject).toBe('Confirmez votre adresse');
    expect(email.from?.address).toBe('ne-pas-repondre@example.test');
    expect(email.html).toContain('Bonjour <b>Élise &amp; Cie</b>,');
    expect(email.html).toContain('href="https://www.example.test/confirmer?t=abc&amp;x=1"');
    expect(email.text).toContain('Bonjour Élise & Cie,');
    expect(email.text).toMatch(
      /Confirmer mon adresse\s+\[https:\/\/www\.example\.test\/confirmer\?t=abc&x=1\]/,
    );
    expect(email.text).toMatch(/^Éditions Portalis\n\nLa Quotidienne\n\nBonjour Élise & Cie,/);
    expect(email.text).not.toContain('Un clic pour confirmer');
  });

  it('records a refused recipient as failed for good with the server answer', async () => {
    smtp.refuse = new Set(['refuse@example.fr']);
    await queueEmail(database.db, confirmationEmail('refuse@example.fr'));
    expect(await runDueJobs(database.db)).toEqual({ done: 0, retried: 0, failed: 1 });
    const [job] = await database.db.select().from(backgroundJobs);
    expect(job?.status).toBe('failed');
    expect(job?.lastError).toContain('boîte aux lettres indisponible');
    smtp.refuse = new Set();
  });

  it('refuses a message without a valid address before queuing it', async () => {
    await expect(queueEmail(database.db, confirmationEmail('pas-une-adresse'))).rejects.toThrow();
    expect((await countJobs(database.db)).pending).toBe(0);
  });
});

describe('delivery without SMTP_URL', () => {
  it('writes the e-mail as an .eml file under DATA_DIR/emails outside production', async () => {
    const config = parseEnv({
      DATA_DIR: workDir,
      APP_ENV: 'development',
      SITE_URL: 'https://www.example.test',
    });
    await emailSenderFor(config)(confirmationEmail('bruno@example.fr'));
    const folder = path.join(workDir, 'emails');
    const [file] = readdirSync(folder);
    expect(file).toMatch(/bruno@example\.fr\.eml$/);
    const email = await PostalMime.parse(readFileSync(path.join(folder, file ?? '')));
    expect(email.from?.address).toBe('ne-pas-repondre@www.example.test');
    expect(email.subject).toBe('Confirmez votre adresse');
  });

  it('sends nothing in production and says why (the message stays queued)', async () => {
    const config = parseEnv({
      APP_ENV: 'production',
      NEWSLETTER_UNSUBSCRIBE_SECRET: 'x'.repeat(32),
      NEWSROOM_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
      DATA_DIR: workDir,
    });
    await expect(emailSenderFor(config)(confirmationEmail('chloe@example.fr'))).rejects.toBeInstanceOf(
      EmailNotConfiguredError,
    );
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import {
  articles,
  dailyIssueArticles,
  dailyIssues,
  newsletterCampaignLinks,
  newsletterSubscribers,
} from '@/server/db/schema';
import { closeEmailTransports } from '@/server/email/transport';
import { sendNewsletter } from '@/server/newsletter/sending/send-newsletter';
import { verifyUnsubscribeToken } from '@/server/newsletter/unsubscribe-token';
import { createTestDatabase } from '../support/database';
import { TestSmtpServer } from '../support/smtp-server';

const SITE = 'https://www.example.test';
const FROM = 'La Quotidienne <newsletter@example.test>';
const TODAY = new Date('2026-11-20T07:00:00Z');
const ACTIVE = [
  'alice@example.fr',
  'bruno@example.fr',
  'chloe@example.fr',
  'david@example.fr',
  'emma@example.fr',
];

let database: Database;
let smtp: TestSmtpServer;
let smtpUrl: string;
const workDir = mkdtempSync(path.join(tmpdir(), 'newsletter-send-'));

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(articles).values([
    {
      id: 'n1',
      type: 'actualite',
      slug: 'tva-taux-reduit',
      title: 'TVA : le taux réduit étendu aux travaux de rénovation',
      summary: 'Les travaux d’amélioration énergétique bénéficient du taux de 5,5 % <dès> janvier.',
      publicationDate: new Date('2026-11-20T05:00:00Z'),
      topics: [{ label: 'Fiscal', slug: 'fiscal', id: 'EBX:EFL_Themes:Fiscal', shortId: 'F' }],
    },
    {
      id: 'n2',
      type: 'chiffres-taux',
      slug: 'smic-2027',
      title: 'SMIC au 1er janvier 2027',
      summary: 'Le SMIC horaire brut est revalorisé.',
      publicationDate: new Date('2026-11-20T05:30:00Z'),
    },
  ]);
  const [issue] = await database.db
    .insert(dailyIssues)
    .values({
      issueName: 'La Quotidienne du vendredi 20 novembre 2026',
      publicationDate: '2026-11-20',
      redacteurChef: 'Claire Martin',
      comiteRedaction: 'Paul Durand, Inès Roux',
    })
    .returning({ id: dailyIssues.id });
  if (!issue) throw new Error('numéro non créé');
  await database.db.insert(dailyIssueArticles).values([
    { issueId: issue.id, articleId: 'n1', position: 0 },
    { issueId: issue.id, articleId: 'n2', position: 1 },
  ]);
  await database.db
    .insert(newsletterSubscribers)
    .values([...ACTIVE.map((email) => ({ email })), { email: 'ancien@example.fr', active: false }]);
  smtp = new TestSmtpServer();
  smtpUrl = await smtp.start();
});

afterAll(async () => {
  closeEmailTransports();
  await smtp?.stop();
  await database?.close();
  rmSync(workDir, { recursive: true, force: true });
});

function send(extra: Partial<Parameters<typeof sendNewsletter>[1]> = {}) {
  return sendNewsletter(database.db, {
    smtpUrl,
    from: FROM,
    ratePerSecond: 1_000,
    siteUrl: SITE,
    batchSize: 2,
    today: TODAY,
    ...extra,
  });
}

function parse(raw: string): Promise<Email> {
  return PostalMime.parse(raw);
}

describe('sending the daily newsletter over SMTP', () => {
  it('sends the current issue to active subscribers in batches, and a second run sends only what was refused', async () => {
    smtp.refuse = new Set(['david@example.fr']);
    const progress: number[] = [];
    const first = await send({ onProgress: (state) => progress.push(state.done) });
    expect(first).toMatchObject({ total: 5, sent: 4, skipped: 0, failed: 1, issueDate: '2026-11-20' });
    expect(first.failures.map((failure) => failure.email)).toEqual(['david@example.fr']);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(smtp.countFor('ancien@example.fr')).toBe(0);

    // Started again (an interrupted run, or after the server's refusal): nobody gets the issue twice.
    smtp.refuse = new Set();
    const second = await send();
    expect(second).toMatchObject({ total: 5, sent: 1, skipped: 4, failed: 0 });
    for (const email of ACTIVE) expect(smtp.countFor(email)).toBe(1);
    const third = await send();
    expect(third).toMatchObject({ sent: 0, skipped: 5 });
    expect(smtp.received).toHaveLength(5);
  });

  it('writes a responsive HTML part, a text part and one-click unsubscribe headers that another parser reads', async () => {
    const message = smtp.received.find((entry) => entry.to.includes('alice@example.fr'));
    if (!message) throw new Error('message to alice not received');
    const email = await parse(message.raw);
    expect(email.from?.address).toBe('newsletter@example.test');
    expect(email.to?.[0]?.address).toBe('alice@example.fr');
    expect(email.subject).toBe(
      'La Quotidienne du 20 novembre 2026 – TVA : le taux réduit étendu aux travaux de rénovation',
    );
    expect(email.html).toContain('name="viewport"');
    expect(email.html).toContain('@media (max-width:620px)');
    // The news links go through the site's click redirect, which leads to the campaign's URLs.
    expect(email.html).toMatch(/href="https:\/\/www\.example\.test\/r\/[A-Za-z0-9_-]{43}"/);
    expect(email.html).not.toContain('https://www.example.test/actualite/');
    const linked = (await database.db.select().from(newsletterCampaignLinks)).map((link) => link.url);
    expect(linked).toContainEqual(
      expect.stringMatching(
        /^https:\/\/www\.example\.test\/actualite\/tva-taux-reduit_n1\?utm_source=newsletter/,
      ),
    );
    expect(linked).toContainEqual(
      expect.stringMatching(/^https:\/\/www\.example\.test\/chiffres-taux\/smic-2027_n2/),
    );
    expect(email.html).toContain('5,5 % &lt;dès&gt; janvier');
    expect(email.text).toContain('[Fiscal] TVA : le taux réduit étendu aux travaux de rénovation');
    expect(email.text).toContain('Rédacteur en chef : Claire Martin');

    const header = (name: string) => email.headers.find((entry) => entry.key === name)?.value ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(header('list-unsubscribe'))?.[1] ?? '');
    expect(oneClick.origin + oneClick.pathname).toBe(
      'https://www.example.test/unsubscribe/alice%40example.fr/one-click',
    );
    expect(verifyUnsubscribeToken('alice@example.fr', oneClick.searchParams.get('token'))).toBe(true);
    const pageLink = /Se désinscrire : (\S+)/.exec(email.text ?? '')?.[1] ?? '';
    expect(verifyUnsubscribeToken('alice@example.fr', new URL(pageLink).searchParams.get('token'))).toBe(
      true,
    );
  });

  it('writes .eml files in a dry run, sending nothing', async () => {
    const before = smtp.received.length;
    const dryRunDir = path.join(workDir, 'eml');
    const report = await send({ dryRunDir, smtpUrl: undefined });
    expect(report).toMatchObject({ sent: 5, failed: 0 });
    expect(smtp.received).toHaveLength(before);
    const files = readdirSync(dryRunDir).sort();
    expect(files).toHaveLength(5);
    expect(files[0]).toBe('000001-alice@example.fr.eml');
    const parsed = await parse(readFileSync(path.join(dryRunDir, files[0] ?? ''), 'utf8'));
    expect(parsed.to?.[0]?.address).toBe('alice@example.fr');
    expect(parsed.html).toContain('SMIC au 1er janvier 2027');
  });

  it('refuses to send when there is no issue', async () => {
    await expect(send({ today: new Date('2020-01-01T08:00:00Z') })).rejects.toThrow(
      'Aucune Quotidienne publiée à envoyer.',
    );
  });
});

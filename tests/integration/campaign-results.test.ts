import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as oneClickPost } from '@/app/(site)/unsubscribe/[email]/one-click/route';
import { GET as resultsGet } from '@/app/api/admin/newsletters/[id]/results/route';
import { POST as sendPost } from '@/app/api/admin/newsletters/[id]/send/route';
import { POST as createPost } from '@/app/api/admin/newsletters/route';
import { POST as unsubscribePost } from '@/app/api/contentAlert/unsubscribe/route';
import {
  type CampaignResultsAnswer,
  campaignResultsAnswer,
  campaignSchema,
} from '@/lib/contracts/newsletter-campaigns';
import type { Database } from '@/server/db/client';
import { newsletterCampaignLinks } from '@/server/db/schema';
import { closeEmailTransports } from '@/server/email/transport';
import { newsletterClickStep } from '@/server/http/steps/newsletter-click';
import { countJobs } from '@/server/jobs/queue';
import { runDueJobs } from '@/server/jobs/runner';
import { callHandler, forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { insertArticles, insertIssue, insertSubscribers } from '../support/daily-issue';
import { createTestDatabase } from '../support/database';
import { linksIn, MAIL_SITE_URL, Mailbox } from '../support/mailbox';
import { callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';
import { serveSteps } from '../support/request-steps';

// A campaign's results without tracking pixels: delivered and refused as the SMTP server answered, unsubscriptions
// through the campaign's own link, and clicks counted by the site's redirect `/r/{token}`, which leads only to a
// URL the campaign held (anything else is the site's 404).

const DAY = '2026-11-20';
const READERS = ['alice@example.fr', 'bruno@example.fr', 'chloe@example.fr', 'denis@example.fr'];
const REFUSED = 'denis@example.fr';

let database: Database;
let mailbox: Mailbox;
let editor: TestStaff;
let served: Awaited<ReturnType<typeof serveSteps>>;
let campaignId: number;

beforeAll(async () => {
  mailbox = await Mailbox.open();
  process.env.NEWSLETTER_FROM = 'La Quotidienne <newsletter@site.test>';
  process.env.NEWSLETTER_RATE_PER_SECOND = '200';
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  editor = await createTestStaff(database.db, 'editeur');
  await insertIssue(database.db, DAY, await insertArticles(database.db, 'r', 3, DAY));
  await insertSubscribers(database.db, READERS, ['ancien@example.fr']);
  mailbox.smtp.refuse.add(REFUSED);
  served = await serveSteps([newsletterClickStep]);

  const created = await callAdmin(createPost, {
    path: '/api/admin/newsletters',
    method: 'POST',
    caller: editor,
    body: { date: DAY },
  });
  campaignId = campaignSchema.parse(created.body).id;
  const sent = await callAdmin(sendPost, {
    path: `/api/admin/newsletters/${campaignId}/send`,
    method: 'POST',
    caller: editor,
    body: {},
    params: { id: String(campaignId) },
  });
  expect(sent.status).toBe(200);
  for (let round = 0; round < 10; round += 1) {
    await runDueJobs(database.db);
    if ((await countJobs(database.db, ['newsletter.campaign'])).pending === 0) break;
  }
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  closeEmailTransports();
  await served?.close();
  await mailbox?.close();
  await database?.close();
});

async function results(): Promise<CampaignResultsAnswer> {
  const answer = await callAdmin(resultsGet, {
    path: `/api/admin/newsletters/${campaignId}/results`,
    caller: editor,
    params: { id: String(campaignId) },
  });
  expect(answer.status).toBe(200);
  return campaignResultsAnswer.parse(answer.body);
}

/** The campaign's message to a reader. */
async function messageTo(email: string): Promise<Email> {
  const message = await mailbox.lastTo(email);
  expect(message.subject).toMatch(/^La Quotidienne du/);
  return message;
}

/** Follows a redirect link of an e-mail through the request step (the site's address is the test server's). */
function follow(link: URL, method = 'GET') {
  return fetch(`${served.base}${link.pathname}`, { method, redirect: 'manual' });
}

describe('campaign links through the site’s redirect', () => {
  it('rewrites every news link to an opaque /r/ token, none carrying the address', async () => {
    const message = await messageTo('alice@example.fr');
    const links = linksIn(message, '/r/');
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link.origin).toBe(MAIL_SITE_URL);
      expect(link.pathname).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/);
      expect(link.search).toBe('');
      expect(link.toString()).not.toMatch(/alice/i);
      expect(message.text).toContain(link.toString());
    }
    expect(linksIn(message, '/actualite/')).toEqual([]);
    // Each recipient gets links of their own.
    const other = linksIn(await messageTo('bruno@example.fr'), '/r/');
    expect(other.map(String)).not.toEqual(links.map(String));
    const registered = await database.db.select().from(newsletterCampaignLinks);
    expect(registered).toHaveLength(3);
  });

  it('counts a click and sends the reader on (302) to the campaign’s URL; unique per recipient', async () => {
    const [first, second] = linksIn(await messageTo('alice@example.fr'), '/r/');
    if (!first || !second) throw new Error('liens manquants');
    const answer = await follow(first);
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.origin).toBe(MAIL_SITE_URL);
    expect(location.pathname).toMatch(/^\/actualite\//);
    expect(location.searchParams.get('utm_source')).toBe('newsletter');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await follow(first)).status).toBe(302);
    expect((await follow(second)).status).toBe(302);
    // A HEAD (a link checker) leads to the same place without counting.
    expect((await follow(second, 'HEAD')).status).toBe(302);
    const [brunoFirst] = linksIn(await messageTo('bruno@example.fr'), '/r/');
    if (!brunoFirst) throw new Error('lien manquant');
    expect((await follow(brunoFirst)).status).toBe(302);

    const counted = await results();
    expect(counted).toMatchObject({ clicks: 4, uniqueClickers: 2 });
    const top = counted.links[0];
    expect(top).toMatchObject({ url: location.toString(), clicks: 3, uniqueClickers: 2 });
    expect(counted.links.map((link) => link.clicks)).toEqual([3, 1, 0]);
    expect(served.reached).toEqual([]);
  });

  it('refuses unknown and forged tokens: they go on to the site’s 404, nothing counted', async () => {
    const [link] = linksIn(await messageTo('chloe@example.fr'), '/r/');
    if (!link) throw new Error('lien manquant');
    const token = link.pathname.slice(3);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    // Another link id with the same recipient key and signature: the signature covers the link.
    const bytes = Buffer.from(token, 'base64url');
    bytes.writeUInt32BE(bytes.readUInt32BE(0) + 1, 0);
    const otherLink = bytes.toString('base64url');
    for (const path of [
      `/r/${forged}`,
      `/r/${otherLink}`,
      '/r/inconnu',
      '/r/',
      '/r/https%3A%2F%2Fevil.example',
    ]) {
      const answer = await fetch(`${served.base}${path}`, { redirect: 'manual' });
      expect(answer.status, path).toBe(200);
      expect(await answer.text()).toBe('next');
    }
    expect(served.reached).toHaveLength(5);
    expect((await results()).clicks).toBe(4);
  });
});

describe('campaign results', () => {
  it('counts delivered and refused recipients as the SMTP server answered', async () => {
    expect(await results()).toMatchObject({
      recipients: 4,
      delivered: 3,
      bounced: 1,
      rates: { bounce: 25, click: 66.7 },
    });
  });

  it('credits the campaign with unsubscriptions through its own signed link, once', async () => {
    const message = await messageTo('bruno@example.fr');
    const [page] = linksIn(message, '/unsubscribe/');
    if (!page) throw new Error('lien de désinscription manquant');
    expect(page.searchParams.get('campagne')).toBe(String(campaignId));
    const post = (email: string, token: string, campaign: string) =>
      callHandler(unsubscribePost, '/api/contentAlert/unsubscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.7' },
        body: new URLSearchParams({ email, token, campaign }).toString(),
      });
    expect(
      (await post('bruno@example.fr', page.searchParams.get('token') ?? '', String(campaignId))).status,
    ).toBe(200);
    // Twice, or without a valid token, or for a campaign it did not receive: counted once.
    await post('bruno@example.fr', page.searchParams.get('token') ?? '', String(campaignId));
    await post('alice@example.fr', 'faux', String(campaignId));
    expect(await results()).toMatchObject({ unsubscribed: 1, rates: { unsubscribe: 33.3 } });

    // The one-click header of the message (RFC 8058) names the campaign too.
    const header = (await messageTo('chloe@example.fr')).headers.find(
      (entry) => entry.key === 'list-unsubscribe',
    );
    const oneClick = new URL((header?.value ?? '').slice(1, -1));
    expect(oneClick.searchParams.get('campagne')).toBe(String(campaignId));
    const answer = await oneClickPost(
      new Request(oneClick, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.8' },
        body: 'List-Unsubscribe=One-Click',
      }),
      { params: Promise.resolve({ email: 'chloe%40example.fr' }) },
    );
    expect(answer.status).toBe(200);
    expect((await results()).unsubscribed).toBe(2);
  });

  it('answers 404 for an unknown campaign', async () => {
    const answer = await callAdmin(resultsGet, {
      path: '/api/admin/newsletters/999999/results',
      caller: editor,
      params: { id: '999999' },
    });
    expect(answer.status).toBe(404);
  });
});

import PostalMime, { type Email } from 'postal-mime';
import type { Db } from '@/server/db/client';
import { runDueJobs } from '@/server/jobs/runner';
import { findFreePort } from './free-port';
import { TestSmtpServer } from './smtp-server';

/** The site of the links in e-mails sent during a test. */
export const MAIL_SITE_URL = 'http://site.test';

/**
 * A real SMTP server for a test file, with the e-mails it received parsed by postal-mime (not the library that
 * wrote them). Call `Mailbox.open()` in beforeAll, before anything reads the configuration: it points SMTP_URL
 * and SITE_URL at this file's server and site.
 */
export class Mailbox {
  private constructor(
    readonly smtp: TestSmtpServer,
    readonly url: string,
  ) {}

  static async open(): Promise<Mailbox> {
    const smtp = new TestSmtpServer();
    const port = await findFreePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    process.env.SITE_URL = MAIL_SITE_URL;
    process.env.EMAIL_FROM = 'La Quotidienne <ne-pas-repondre@site.test>';
    const url = await smtp.start(port);
    return new Mailbox(smtp, url);
  }

  close(): Promise<void> {
    return this.smtp.stop();
  }

  /** Runs the job runner until the outbox is empty (what the app's runner does every second). */
  async deliver(db: Db, now?: Date): Promise<void> {
    for (let round = 0; round < 10; round += 1) {
      const counts = await runDueJobs(db, now ? { now } : {});
      if (counts.done + counts.retried + counts.failed === 0) return;
    }
  }

  /** Every e-mail received for an address, oldest first, parsed. */
  async messagesTo(address: string): Promise<Email[]> {
    const raws = this.smtp.received.filter((message) => message.to.includes(address));
    return Promise.all(raws.map((message) => PostalMime.parse(message.raw)));
  }

  /** The last e-mail received for an address; throws when there is none. */
  async lastTo(address: string): Promise<Email> {
    const messages = await this.messagesTo(address);
    const last = messages.at(-1);
    if (!last) throw new Error(`Aucun e-mail reçu pour ${address}`);
    return last;
  }
}

/** The links of an e-mail's HTML part whose path starts with `path`, as absolute URLs. */
export function linksIn(email: Email, path: string): URL[] {
  const hrefs = [...(email.html ?? '').matchAll(/href="([^"]+)"/g)].map((match) =>
    (match[1] ?? '').replaceAll('&amp;', '&'),
  );
  return hrefs.map((href) => new URL(href)).filter((url) => url.pathname.startsWith(path));
}

/** The one link to `path` of an e-mail, also present in its text part; throws otherwise. */
export function linkIn(email: Email, path: string): URL {
  const [link] = linksIn(email, path);
  if (!link) throw new Error(`Pas de lien ${path} dans « ${email.subject} »`);
  if (!(email.text ?? '').includes(link.toString()))
    throw new Error(`Lien absent du texte de « ${email.subject} »`);
  return link;
}

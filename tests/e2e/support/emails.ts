import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { waitUntil } from '../../support/wait-until';

/**
 * The e-mails of the server under test: without SMTP_URL it writes each as an .eml file under DATA_DIR/emails
 * (E2E_DATA_DIR, set by scripts/e2e.ts; set it yourself against a server you run).
 */
function emailFolder(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: the specs read the e-mails the server writes there.');
  return path.join(dataDir, 'emails');
}

/** Waits (up to 20 s: the job runner sends every second) for an e-mail to `to` whose subject matches. */
export async function waitForEmail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<Email> {
  return waitUntil(
    async () => {
      let files: string[] = [];
      try {
        files = readdirSync(emailFolder()).filter((file) => file.endsWith(`-${to}.eml`));
      } catch {
        files = [];
      }
      for (const file of files.sort().reverse()) {
        const email = await PostalMime.parse(readFileSync(path.join(emailFolder(), file), 'utf8'));
        if (subject.test(email.subject ?? '')) return email;
      }
      return undefined;
    },
    { timeoutMs, intervalMs: 250, message: `No e-mail to ${to} matching ${subject} within ${timeoutMs} ms` },
  );
}

/** The path and query of the e-mail's link to `pathPrefix` (the site's own address may differ from the test's). */
export function linkPath(email: Email, pathPrefix: string): string {
  const hrefs = [...(email.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) =>
    (m[1] ?? '').replaceAll('&amp;', '&'),
  );
  const url = hrefs
    .map((href) => new URL(href))
    .find((candidate) => candidate.pathname.startsWith(pathPrefix));
  if (!url) throw new Error(`No link to ${pathPrefix} in « ${email.subject} »`);
  return `${url.pathname}${url.search}`;
}

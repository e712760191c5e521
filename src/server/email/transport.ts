import 'server-only';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { DAILY_NAME } from '@/lib/site';
import { type Env, env } from '../env';
import { remember } from '../lib/remember';

/** Where e-mails go when no SMTP server is configured outside production (the start log prints it). */
export function emailFolder(config: Env = env()): string {
  return path.resolve(config.DATA_DIR, 'emails');
}

/** The sender of transactional e-mails: EMAIL_FROM, or "La Quotidienne <ne-pas-repondre@site domain>". */
export function emailSender(config: Env = env()): string {
  return config.EMAIL_FROM ?? `${DAILY_NAME} <ne-pas-repondre@${new URL(config.SITE_URL).hostname}>`;
}

export class EmailNotConfiguredError extends Error {
  constructor() {
    super(
      'SMTP_URL manquant : les e-mails attendent dans la file jusqu’à ce qu’un serveur SMTP soit configuré.',
    );
    this.name = 'EmailNotConfiguredError';
  }
}

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string> | undefined;
};

export type Sender = (message: OutgoingEmail) => Promise<void>;

// One pooled SMTP connection set per process and URL (a module loaded twice shares it).
const transports = remember('email.transports', () => new Map<string, Transporter>());

function smtpTransport(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport({ pool: true, url, maxConnections: 2 });
    transports.set(url, transport);
  }
  return transport;
}

/** Closes the pooled SMTP connections (the end of a command such as `npm run newsletter:send`, of a test). */
export function closeEmailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

/** Writes the message as an .eml file (development without SMTP), named so the folder sorts by time. */
async function writeToFolder(folder: string, from: string, message: OutgoingEmail): Promise<void> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from, ...message });
  mkdirSync(folder, { recursive: true });
  const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
  writeFileSync(
    path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`),
    info.message as Buffer,
  );
}

/**
 * How this process delivers e-mail: through SMTP_URL when set; otherwise into `DATA_DIR/emails` outside
 * production, and in production not at all (the messages wait in the queue, EmailNotConfiguredError).
 * `from` defaults to EMAIL_FROM (the newsletter passes its own sender).
 */
export function emailSenderFor(config: Env = env(), from: string = emailSender(config)): Sender {
  if (config.SMTP_URL) {
    const transport = smtpTransport(config.SMTP_URL);
    return async (message) => {
      await transport.sendMail({ from, ...message });
    };
  }
  if (config.APP_ENV === 'production') {
    return async () => {
      throw new EmailNotConfiguredError();
    };
  }
  const folder = emailFolder(config);
  return (message) => writeToFolder(folder, from, message);
}

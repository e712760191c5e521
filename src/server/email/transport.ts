import 'server-only';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { DAILY_NAME } from '@/lib/site';
import { type Env, env } from '../env';
import { remember } from '../lib/remember';

/** Where e-mails go when no SMTP server is configured outside production (the start log prints it). */
export function emailFolder(config: Env = env()): string {
  return path.resolve(config.DATA_DIR, 'emails');
}

/** The sender of transactional e-mails: EMAIL_FROM, or "La Quotidienne <ne-pas-repondre@site domain>". */
function emailSender(config: Env = env()): string {
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

type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string> | undefined;
};

type DeliveryHooks = {
  /**
   * Awaited once the SMTP server has received the whole message but its last byte, so the server cannot have
   * accepted it yet: what is recorded here is on disk before the server can accept (see `withHeldBackEnd`).
   * Senders that write no SMTP (the development folder) call it before they finish.
   */
  beforeEndOfData?: () => Promise<void>;
};

export type Sender = (message: OutgoingEmail, hooks?: DeliveryHooks) => Promise<void>;

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

/**
 * The message as a stream whose last byte waits for `beforeEnd`: the SMTP client ends the DATA phase (the line
 * holding a single dot) only after the stream ends, and a server accepts a message only then. If the process dies
 * before `beforeEnd` resolved, the connection drops mid-message and the server discards it; once it resolved, only
 * the write of one byte separates the record from the transfer's end. A campaign's sender records `sent` here, so
 * a `kill -9` neither loses nor repeats a message in flight, where recording after the server's answer repeated
 * the ones the server had accepted but the sender had not yet recorded (RFC 5321 §6.1).
 */
function withHeldBackEnd(raw: Buffer, beforeEnd: () => Promise<void>): Readable {
  let stage: 'body' | 'end' | 'done' = 'body';
  return new Readable({
    read() {
      if (stage === 'body') {
        stage = 'end';
        this.push(raw.subarray(0, raw.length - 1));
      } else if (stage === 'end') {
        stage = 'done';
        beforeEnd().then(
          () => {
            this.push(raw.subarray(raw.length - 1));
            this.push(null);
          },
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      }
    },
  });
}

function compose(from: string, message: OutgoingEmail): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    new MailComposer({ from, ...message })
      .compile()
      .build((error, raw) => (error ? reject(error) : resolve(raw)));
  });
}

/** Writes the message as an .eml file (development without SMTP), named so the folder sorts by time. */
async function writeToFolder(
  folder: string,
  from: string,
  message: OutgoingEmail,
  hooks: DeliveryHooks | undefined,
): Promise<void> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from, ...message });
  await hooks?.beforeEndOfData?.();
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
    return async (message, hooks) => {
      if (!hooks?.beforeEndOfData) {
        await transport.sendMail({ from, ...message });
        return;
      }
      const raw = await compose(from, message);
      await transport.sendMail({
        envelope: { from, to: message.to },
        raw: withHeldBackEnd(raw, hooks.beforeEndOfData),
      });
    };
  }
  if (config.APP_ENV === 'production') {
    return async () => {
      throw new EmailNotConfiguredError();
    };
  }
  const folder = emailFolder(config);
  return (message, hooks) => writeToFolder(folder, from, message, hooks);
}

import 'server-only';
import { appendFileSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who already received an issue: one line per delivered address in `<dir>/<issue day>.sent`, appended and
 * synced to disk as soon as the SMTP server accepted the message, so a run that is interrupted (crash, Ctrl-C,
 * SMTP outage) and started again skips them. At worst the one message in flight at the moment of a crash is
 * sent again: SMTP offers no way to make acceptance and the record one step.
 */
export class SendJournal {
  private readonly file: string;
  private readonly sent: Set<string>;
  private descriptor: number | null = null;

  constructor(directory: string, issueDay: string) {
    mkdirSync(directory, { recursive: true });
    this.file = path.join(directory, `${issueDay}.sent`);
    let existing = '';
    try {
      existing = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    this.sent = new Set(existing.split('\n').filter(Boolean));
  }

  has(email: string): boolean {
    return this.sent.has(email);
  }

  get size(): number {
    return this.sent.size;
  }

  /** Records a delivery durably before the next message is sent. */
  record(email: string): void {
    this.descriptor ??= openSync(this.file, 'a');
    appendFileSync(this.descriptor, `${email}\n`);
    fsyncSync(this.descriptor);
    this.sent.add(email);
  }

  close(): void {
    if (this.descriptor !== null) closeSync(this.descriptor);
    this.descriptor = null;
  }
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

type Received = { to: string[]; raw: string };

/** An SMTP server inside the test: it keeps every accepted message and refuses the recipients it is told to. */
export class TestSmtpServer {
  readonly received: Received[] = [];
  refuse = new Set<string>();
  /**
   * Runs once a message arrived whole and before the server answers for it: what a test checks here is the state
   * the sender left before the server could accept. A rejection refuses the message after its data (550).
   */
  beforeAccept: ((to: string[]) => Promise<void>) | undefined;
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.refuse.has(address.address)) callback(new Error('550 boîte aux lettres indisponible'));
        else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          Promise.resolve(this.beforeAccept?.(to)).then(
            () => {
              this.received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
              callback();
            },
            (error: Error) => callback(Object.assign(error, { responseCode: 550 })),
          );
        });
      },
    });
  }

  /** Listens on `listenPort` (default: any free one) and answers the server's smtp:// URL. */
  async start(listenPort = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(listenPort, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  countFor(email: string): number {
    return this.received.filter((message) => message.to.includes(email)).length;
  }
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseEmail, type ParsedEmail } from './mime.js';

export interface ReceivedEmail extends ParsedEmail {
  envelopeTo: string[];
  raw: Buffer;
}

/** A refusal the server gives once: at RCPT TO (before the message) or after DATA (after reading it). */
export interface Refusal {
  stage: 'rcpt' | 'data';
  code: number;
  message: string;
  /** Only for mail to this address; any when left out. */
  to?: string;
}

function smtpError(refusal: Refusal): Error {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
}

/** A real SMTP server on a free loopback port (no TLS, no auth) that keeps what it accepts and can refuse once. */
export class TestSmtpServer {
  readonly received: ReceivedEmail[] = [];
  private readonly refusals: Refusal[] = [];
  private readonly server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        const refusal = this.takeRefusal('rcpt', address.address);
        callback(refusal ? smtpError(refusal) : null);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          const refusal = envelopeTo.map((to) => this.takeRefusal('data', to)).find(Boolean);
          if (refusal) return callback(smtpError(refusal));
          const raw = Buffer.concat(chunks);
          this.received.push({ ...parseEmail(raw), envelopeTo, raw });
          callback(null);
        });
      },
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  refuseOnce(refusal: Refusal): void {
    this.refusals.push(refusal);
  }

  /** What was delivered to this address. */
  to(address: string): ReceivedEmail[] {
    return this.received.filter((email) => email.envelopeTo.includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private takeRefusal(stage: Refusal['stage'], to: string): Refusal | undefined {
    const index = this.refusals.findIndex((r) => r.stage === stage && (!r.to || r.to === to));
    return index < 0 ? undefined : this.refusals.splice(index, 1)[0];
  }
}

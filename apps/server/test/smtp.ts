import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  inbox: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a random local port that keeps what it receives. `refuse` may turn a message
 * away with a temporary failure (451), as a busy server does, to test retries.
 */
export async function startSmtp(
  options: { refuse?: (mail: ReceivedMail) => boolean } = {},
): Promise<TestSmtp> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        if (options.refuse?.(mail)) {
          callback(new Error('451 try again later'));
          return;
        }
        inbox.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Resolves once `condition` holds, checking every 50 ms; fails after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  what = 'condition',
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

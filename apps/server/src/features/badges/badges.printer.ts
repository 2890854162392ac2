import { connect } from 'node:net';
import type { PrintErrorCode } from '@foyer/contract';
import { guardedLookup, printerAddressRefusal, printerHostRefusal } from '../organizer/webhooks.address';

/**
 * Raw TCP to a network printer ("port 9100" / JetDirect): connect, write the job, close our half,
 * and wait for the printer to close its own: a printer closes after it has read the job to its
 * end (as CUPS's socket backend waits for by default). Only then is the job delivered. Everything
 * must happen within the timeout; past it the attempt fails with what was missing:
 *
 * - no connection (the address does not answer: a host that is off, a firewall that drops);
 * - a connection, but the job not taken (the printer does not read: our data is still unsent);
 * - the job taken, but no close (the printer never finished reading it).
 *
 * An address printers may not use (`printerAddressRefusal`: link-local, or this server's loopback
 * where the deployment closes it) fails at once, before any connection, and so does a name that
 * resolves to one. A refused connection, a reset or an unknown host fails at once, and so does a
 * printer that closes the connection (or its side of it, a FIN) before our close was sent: a
 * printer that reads the job closes after it read our close, so one that closed before did not
 * take the job (`closedEarly`), even when the job was all written to the network. Our close waits
 * until the events the network brought while the job was written were read, so a printer that
 * hangs up as it accepts is seen; one whose FIN arrives later than that (a slow network) and
 * that never resets is indistinguishable, on TCP, from one that read the job and closed.
 *
 * Each failure is a `PrintError`: a code the console translates (contract `printErrorCodes`) and
 * the English detail (address, system error). A printer's answer on the connection (status bytes)
 * is read and dropped. The connection is destroyed whatever the outcome, so nothing of a failed
 * attempt reaches the printer afterwards from this side.
 */

/** How long one attempt may take, connection to close. */
export const PRINT_TIMEOUT_MS = 5_000;

/**
 * The attempt timeout the queue and the test print use: `PRINT_TIMEOUT_MS`, unless a test sets a
 * short one (printer-failure tests wait for the timeout to pass).
 */
export const printerTiming = { timeoutMs: PRINT_TIMEOUT_MS };

/** Why an attempt failed: a code the console translates, and in English with the details. */
export class PrintError extends Error {
  override name = 'PrintError';
  constructor(
    readonly code: PrintErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

function failure(host: string, port: number, error: NodeJS.ErrnoException): PrintError {
  const at = `${host}:${port}`;
  const code = error.code ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return new PrintError(
        'refused',
        `${at} refused the connection: no printer listens there (ECONNREFUSED)`,
      );
    case 'ECONNRESET':
    case 'EPIPE':
      return new PrintError('dropped', `${at} dropped the connection during the job (${code})`);
    case 'EADDRNOTALLOWED':
      return new PrintError('notAllowed', `Badges cannot be sent there: ${error.message}`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PrintError('unknownHost', `Unknown printer address ${host} (${code})`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
      return new PrintError('unreachable', `${at} cannot be reached from the server (${code})`);
    default:
      return new PrintError(
        'network',
        `${at}: ${error.message}${code && !error.message.includes(code) ? ` (${code})` : ''}`,
      );
  }
}

/** Calls `then` once the event loop has read what the network brought meanwhile (a close, a reset). */
const afterPendingIo = (then: () => void) => setImmediate(() => setImmediate(then));

export function sendRaw(
  host: string,
  port: number,
  data: string | Uint8Array,
  options: { allowLoopback: boolean; timeoutMs?: number },
): Promise<void> {
  const { allowLoopback, timeoutMs = printerTiming.timeoutMs } = options;
  const refusal = printerHostRefusal(host, allowLoopback);
  if (refusal) return Promise.reject(new PrintError('notAllowed', `Badges cannot be sent there: ${refusal}`));
  return new Promise((resolve, reject) => {
    let settled = false;
    let connected = false;
    let sent = false;
    const socket = connect({
      host,
      port,
      // Our side stays open when the printer closes its own: its close before ours is a failure
      // to report, not a reason to close ours as well.
      allowHalfOpen: true,
      lookup: guardedLookup((ip) => printerAddressRefusal(ip, allowLoopback)),
    });
    const done = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const deadline = setTimeout(() => {
      const at = `${host}:${port}`;
      const limit = seconds(timeoutMs);
      if (!connected)
        done(
          new PrintError(
            'noConnection',
            `No connection to ${at} within ${limit}: the printer does not answer`,
          ),
        );
      else if (!sent)
        done(new PrintError('jobNotTaken', `${at} took the connection but not the job within ${limit}`));
      else
        done(
          new PrintError(
            'notConfirmed',
            `${at} took the job but did not confirm it (close the connection) within ${limit}`,
          ),
        );
    }, timeoutMs);
    const closedEarly = () =>
      new PrintError('closedEarly', `${host}:${port} closed the connection before it took the job`);
    socket.once('error', (error: NodeJS.ErrnoException) => done(failure(host, port, error)));
    socket.once('connect', () => {
      connected = true;
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      // The whole job first, and our close only once the network events that came meanwhile were
      // read: a printer that hung up at once (a FIN, or a reset for what it did not read) has
      // answered by then, and its close is not taken for the close after the job.
      socket.write(bytes, (error) => {
        if (error || settled) return;
        afterPendingIo(() => {
          if (!settled) socket.end();
        });
      });
    });
    // Everything was handed to the network, our close with it.
    socket.once('finish', () => {
      sent = true;
    });
    // The printer closed its half: it read the job to its end, unless it closed it before the job
    // and our close were all sent (it hung up; what it got of the job is not a label).
    socket.on('data', () => {});
    socket.once('end', () => {
      if (!sent) {
        done(closedEarly());
        return;
      }
      done();
    });
    // Closed (not by us) without both of those: the printer hung up before it had the job.
    socket.once('close', () => done(closedEarly()));
  });
}

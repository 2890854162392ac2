import { connect } from 'node:net';
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
 * printer that closes the connection (or its side of it) before the job was all sent: a printer
 * that hangs up at once did not print it. A printer's answer on the
 * connection (status bytes) is read and dropped. The connection is destroyed whatever the outcome,
 * so nothing of a failed attempt reaches the printer afterwards from this side.
 */

/** How long one attempt may take, connection to close. */
export const PRINT_TIMEOUT_MS = 5_000;

/**
 * The attempt timeout the queue and the test print use: `PRINT_TIMEOUT_MS`, unless a test sets a
 * short one (printer-failure tests wait for the timeout to pass).
 */
export const printerTiming = { timeoutMs: PRINT_TIMEOUT_MS };

/** Why an attempt failed, in words the console shows the organizer. */
export class PrintError extends Error {
  override name = 'PrintError';
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

function failure(host: string, port: number, error: NodeJS.ErrnoException): PrintError {
  const at = `${host}:${port}`;
  const code = error.code ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return new PrintError(`${at} refused the connection: no printer listens there (ECONNREFUSED)`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new PrintError(`${at} dropped the connection during the job (${code})`);
    case 'EADDRNOTALLOWED':
      return new PrintError(`Badges cannot be sent there: ${error.message}`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PrintError(`Unknown printer address ${host} (${code})`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
      return new PrintError(`${at} cannot be reached from the server (${code})`);
    default:
      return new PrintError(
        `${at}: ${error.message}${code && !error.message.includes(code) ? ` (${code})` : ''}`,
      );
  }
}

export function sendRaw(
  host: string,
  port: number,
  data: string | Uint8Array,
  options: { allowLoopback: boolean; timeoutMs?: number },
): Promise<void> {
  const { allowLoopback, timeoutMs = printerTiming.timeoutMs } = options;
  const refusal = printerHostRefusal(host, allowLoopback);
  if (refusal) return Promise.reject(new PrintError(`Badges cannot be sent there: ${refusal}`));
  return new Promise((resolve, reject) => {
    let settled = false;
    let connected = false;
    let sent = false;
    let closedByPrinter = false;
    const socket = connect({
      host,
      port,
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
        done(new PrintError(`No connection to ${at} within ${limit}: the printer does not answer`));
      else if (!sent) done(new PrintError(`${at} took the connection but not the job within ${limit}`));
      else
        done(
          new PrintError(`${at} took the job but did not confirm it (close the connection) within ${limit}`),
        );
    }, timeoutMs);
    const finish = () => {
      if (sent && closedByPrinter) done();
    };
    const hungUp = () => new PrintError(`${host}:${port} closed the connection before it took the job`);
    socket.once('error', (error: NodeJS.ErrnoException) => done(failure(host, port, error)));
    socket.once('connect', () => {
      connected = true;
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      if (bytes.length < 2) {
        socket.end(bytes);
        return;
      }
      // The last byte goes once the rest was taken: a printer that hung up at once (before it read
      // anything) has answered the first part with a reset by then, and this write fails (EPIPE,
      // ECONNRESET) instead of its close passing for the close after the job.
      socket.write(bytes.subarray(0, -1), (error) => {
        if (!error && !settled) socket.end(bytes.subarray(-1));
      });
    });
    // Everything was handed to the network.
    socket.once('finish', () => {
      sent = true;
      finish();
    });
    // The printer closed its half: it read the job to its end, unless it closed it before the job
    // was even all sent (it hung up; what it got of the job is not a label).
    socket.on('data', () => {});
    socket.once('end', () => {
      if (!sent) {
        done(hungUp());
        return;
      }
      closedByPrinter = true;
      finish();
    });
    // Closed (not by us) without both of those: the printer hung up before it had the job.
    socket.once('close', () => done(hungUp()));
  });
}

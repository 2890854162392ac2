/**
 * The SQL side of bench/overhead.ts: records the statements a route runs (a Kysely plugin that
 * compiles each query it sees) and runs them through pgbench as one transaction per request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import { channel } from 'node:diagnostics_channel';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** Fastify runs each route handler inside this channel's stores while it has subscribers. */
const handlerStart = channel('tracing:fastify.request.handler:start');

/**
 * A plugin that keeps every statement compiled inside a route handler while recording: background
 * jobs (the event bus poller, the scheduler) query at the same time and are left out.
 */
export class StatementRecorder implements KyselyPlugin {
  private readonly inHandler = new AsyncLocalStorage<boolean>();
  private recording = false;
  readonly statements: Statement[] = [];

  // biome-ignore lint/suspicious/noExplicitAny: the recorder compiles queries of any schema
  constructor(private readonly db: Kysely<any>) {}

  /** Records the statements of the route handlers that run until the promise settles. */
  async record<T>(during: () => Promise<T>): Promise<T> {
    handlerStart.bindStore(this.inHandler, () => true);
    this.recording = true;
    try {
      return await during();
    } finally {
      this.recording = false;
      handlerStart.unbindStore(this.inHandler);
      // Else async hooks stay on for the rest of the process and tax every promise of the server.
      this.inHandler.disable();
    }
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording && this.inHandler.getStore()) {
      const compiled = this.db.getExecutor().compileQuery(args.node, args.queryId);
      this.statements.push({ sql: compiled.sql, parameters: compiled.parameters });
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * A pgbench script running the statements in order: `$n` becomes a pgbench variable, numbers are
 * set in the script (`\set`), text is passed with `-D` (pgbench sends both as parameters with -M prepared).
 */
export function pgbenchScript(statements: Statement[]): { script: string; defines: string[] } {
  const lines: string[] = [];
  const defines: string[] = [];
  statements.forEach((statement, s) => {
    statement.parameters.forEach((value, i) => {
      const name = `s${s}p${i + 1}`;
      if (typeof value === 'number' && Number.isInteger(value)) lines.push(`\\set ${name} ${value}`);
      else defines.push('-D', `${name}=${String(value)}`);
    });
    const text = statement.sql.replace(/\$(\d+)/g, (_, n: string) => `:s${s}p${n}`).replace(/\s+/g, ' ');
    lines.push(`${text};`);
  });
  return { script: `${lines.join('\n')}\n`, defines };
}

export interface PgbenchResult {
  tps: number;
  script: string;
}

/** `pgbench -n -c <clients> -j 2 -T <seconds> -M prepared -f <script>` against `url`. */
export async function runPgbench(
  url: string,
  statements: Statement[],
  clients: number,
  seconds: number,
): Promise<PgbenchResult> {
  const { script, defines } = pgbenchScript(statements);
  const file = join(mkdtempSync(join(tmpdir(), 'foyer-pgbench-')), 'route.sql');
  writeFileSync(file, script);
  const args = ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-M', 'prepared'];
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      'pgbench',
      [...args, ...defines, '-f', file, url],
      { timeout: (seconds + 60) * 1000 },
      (error, out, err) =>
        error ? reject(new Error(`pgbench failed: ${err || error.message}`)) : resolve(out),
    );
  });
  const match = /tps = ([\d.]+)/.exec(stdout);
  if (!match?.[1]) throw new Error(`no tps in pgbench output:\n${stdout}`);
  return { tps: Number(match[1]), script };
}

import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { flushCrashReports, initCrashReports, reportCrash } from './http/crash-reports';
import { createMailer, mailStartupLines } from './mail/mailer';
import { seedOnStart } from './seed/startup';

async function main() {
  const config = loadConfig();
  // First, so that a crash while starting is reported too (uncaught exceptions, unhandled rejections).
  await initCrashReports(config);
  const { db, kind, close } = await openDatabase({
    url: config.databaseUrl,
    dataDir: `${config.dataDir}/pglite`,
    pgliteThread: config.pgliteThread,
  });
  await migrateToLatest(db);
  await seedOnStart(db, config, (line) => console.log(line));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  const app = await buildApp({ config, db, dbKind: kind, mailer, now: () => new Date() });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    // A request that never ends (a body that stops coming, a query behind a lock) must not hold
    // the stop: after the grace its connections are ended and the process exits. What committed is
    // kept, and side effects not yet sent wait in the outbox for the next start (decision 010).
    setTimeout(() => {
      app.log.warn(`${signal}: requests still in flight after ${config.shutdownGraceMs} ms; ending them`);
      app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownGraceMs).unref();
    await app.close();
    await mailer.close();
    await close();
    await flushCrashReports();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Foyer is running at ${config.publicUrl} (database: ${kind}, mail: ${mailer.kind})`);
  for (const line of mailStartupLines(config, mailer.kind)) console.log(line);
}

main().catch(async (error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
    reportCrash(error, { phase: 'start-up' });
    await flushCrashReports();
  }
  process.exit(1);
});

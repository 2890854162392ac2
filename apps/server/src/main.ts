import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { createMailer } from './mail/mailer';
import { seedDemoIfEmpty } from './seed/demo';

async function main() {
  const config = loadConfig();
  const { db, kind, close } = await openDatabase({
    url: config.databaseUrl,
    dataDir: `${config.dataDir}/pglite`,
  });
  await migrateToLatest(db);
  if (config.seedDemo) await seedDemoIfEmpty(db, { log: (line) => console.log(line) });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db });
  const app = await buildApp({ config, db, dbKind: kind, mailer, now: () => new Date() });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await mailer.close();
    await close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Foyer is running at ${config.publicUrl} (database: ${kind}, mail: ${mailer.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

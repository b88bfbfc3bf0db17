import { checkDataDir, DataDirError } from './db/data-dir.ts';
import { DataDirLockedError } from './db/lock.ts';
import { loadEnvOrExit } from './runtime/env.ts';
import { createLogger } from './runtime/logger.ts';

/** The process entry: reads the environment, serves, and shuts down cleanly on a signal. */
async function main() {
  const env = loadEnvOrExit();
  const started = Date.now();
  try {
    // An unwritable DATA_DIR or a full disk is reported at once, before the app is loaded.
    checkDataDir(env.dataDir);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(env.logLevel);
  const { startServer } = await import('./server.ts');
  let running;
  try {
    running = await startServer(env, { logger });
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof DataDirError) {
      console.error(err.message);
      process.exit(1);
    }
    logger.fatal({ err }, 'failed to start');
    console.error(`Server gagal dijalankan: ${(err as Error).message}`);
    process.exit(1);
  }
  logger.info(
    { url: running.url, database: running.services.database.kind, ms: Date.now() - started },
    'server ready',
  );
  console.log(
    `BEM Poltek Nuklir siap di ${env.publicUrl} (database: ${running.services.database.kind})`,
  );

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

await main();

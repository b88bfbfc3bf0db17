// The database a command (`npm run admin`, `seed:demo`, `verify-election`, `election:export`) works
// on: the one of DATA_DIR / DATABASE_URL, as `npm start` reads them.
import { openDatabase, type Database } from '../server/db/client.ts';
import { DataDirLockedError } from '../server/db/lock.ts';
import { loadEnvOrExit } from '../server/runtime/env.ts';

/**
 * Opens it; a bad setting, or an embedded database a running server holds, ends the command with
 * its message (which says what to do) and exit code 1, having changed nothing.
 */
export async function openCommandDatabase(): Promise<Database> {
  const env = loadEnvOrExit();
  try {
    return await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

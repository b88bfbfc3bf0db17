import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import type { Logger } from '../runtime/logger.ts';
import { importStoredBytes } from './store.ts';

const HASH_NAME = /^[0-9a-f]{64}$/;

/**
 * Brings the files an earlier version kept on disk (DATA_DIR/files/ab/abcdef…) into the database,
 * where every instance reads them and every backup holds them. Run once at start, before the
 * server answers: each file whose bytes match its name is stored with its row and leaves the
 * disk; a file with no row (released before the upgrade) leaves the disk; a file whose bytes do
 * not match its name is left where it is and logged. Running it again finds nothing to do.
 */
export async function importDiskFiles(db: Db, dataDir: string, logger: Logger) {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return { stored: 0, dropped: 0, kept: 0 };
  const counts = { stored: 0, dropped: 0, kept: 0 };
  for (const dir of fs.readdirSync(root)) {
    const sub = path.join(root, dir);
    if (!fs.statSync(sub).isDirectory()) continue;
    for (const name of fs.readdirSync(sub)) {
      const file = path.join(sub, name);
      // A temporary file of a write the old version never finished.
      if (name.endsWith('.tmp')) {
        fs.rmSync(file, { force: true });
        continue;
      }
      if (!HASH_NAME.test(name) || name.slice(0, 2) !== dir) {
        counts.kept++;
        continue;
      }
      let outcome: Awaited<ReturnType<typeof importStoredBytes>>;
      try {
        outcome = await importStoredBytes(db, name, fs.readFileSync(file));
      } catch (err) {
        logger.warn({ err, file }, 'a stored file on disk could not be moved into the database');
        counts.kept++;
        continue;
      }
      if (outcome === 'stored') counts.stored++;
      else counts.dropped++;
      fs.rmSync(file, { force: true });
    }
    if (fs.readdirSync(sub).length === 0) fs.rmdirSync(sub);
  }
  if (fs.readdirSync(root).length === 0) fs.rmdirSync(root);
  if (counts.stored + counts.dropped + counts.kept > 0)
    logger.info(counts, 'files on disk moved into the database');
  return counts;
}

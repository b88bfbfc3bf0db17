import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { filePath } from './store.ts';

const HASH = /[0-9a-f]{64}/g;

/** The stored-file hashes a piece of text (an article body, a setting's JSON) mentions. */
export function hashesIn(text: string | null | undefined): string[] {
  return [...new Set(text?.match(HASH) ?? [])];
}

/**
 * Forgets the stored files among `hashes` that nothing references any more (an article's cover
 * or body, a document, a member's photo, a site setting such as the footer's logos), in the
 * caller's transaction: from its commit on, /files/{hash} answers 404. The bytes leave the disk
 * with the next pruneFileStore. Files are shared by content, so a hash still used elsewhere stays.
 */
export async function releaseFiles(tx: Db | Tx, hashes: readonly (string | null | undefined)[]) {
  const candidates = [...new Set(hashes.filter((h): h is string => Boolean(h)))];
  if (candidates.length === 0) return [];
  const rows = await queryRows<{ hash: string }>(
    tx,
    sql`
      delete from ${files} f
      where f.hash in (${sql.join(
        candidates.map((h) => sql`${h}`),
        sql`, `,
      )})
        and not exists (select 1 from articles a where a.cover = f.hash or a.cover_small = f.hash
                          or strpos(a.body, f.hash) > 0)
        and not exists (select 1 from documents d where d.file = f.hash)
        and not exists (select 1 from org_members m where m.photo = f.hash)
        and not exists (select 1 from site_settings s where strpos(s.value::text, f.hash) > 0)
      returning f.hash
    `,
  );
  return rows.map((r) => r.hash);
}

/**
 * Removes from DATA_DIR/files every stored file that has no row any more, once it is older than
 * `graceMs` (an upload writes its bytes a moment before its row). Returns how many it removed.
 */
export async function pruneFileStore(
  db: Db,
  dataDir: string,
  graceMs = 10 * 60_000,
): Promise<number> {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return 0;
  const known = new Set(
    (await queryRows<{ hash: string }>(db, sql`select hash from ${files}`)).map((r) => r.hash),
  );
  let removed = 0;
  const now = Date.now();
  for (const dir of fs.readdirSync(root)) {
    const sub = path.join(root, dir);
    if (!fs.statSync(sub).isDirectory()) continue;
    for (const name of fs.readdirSync(sub)) {
      if (!/^[0-9a-f]{64}$/.test(name) || known.has(name)) continue;
      const p = filePath(dataDir, name);
      if (p !== path.join(sub, name) || now - fs.statSync(p).mtimeMs < graceMs) continue;
      fs.rmSync(p, { force: true });
      removed++;
    }
  }
  return removed;
}

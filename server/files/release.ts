import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { files } from '../db/schema/index.ts';

const HASH = /[0-9a-f]{64}/g;

/** The stored-file hashes a piece of text (an article body, a setting's JSON) mentions. */
export function hashesIn(text: string | null | undefined): string[] {
  return [...new Set(text?.match(HASH) ?? [])];
}

/**
 * Forgets the stored files among `hashes` that nothing references any more (an article's cover
 * or body, a document, a member's photo, a site setting such as the footer's logos), in the
 * caller's transaction: from its commit on, /files/{hash} answers 404 on every instance, and the
 * bytes (file_chunks) go with the row. Files are shared by content, so a hash still used
 * elsewhere stays.
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

import { eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { articles } from '../../db/schema/index.ts';

/** Longest slug base (a numeric suffix may follow). */
const MAX_BASE = 80;

/** Letters the NFKD decomposition does not reduce to ASCII, spelled the Indonesian way. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};

/**
 * The URL name of a title: lowercase ASCII words joined by hyphens ("Pemilu Raya 2025: Jadwal &
 * Syarat" -> "pemilu-raya-2025-jadwal-dan-syarat"), accents dropped, "&" read as "dan", at most
 * 80 characters cut at a word boundary; "berita" when nothing is left.
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (ch) => LETTERS[ch] ?? '')
    .replace(/&/g, ' dan ')
    // "Ma'had", "Jum’at": an apostrophe joins, it does not split.
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_BASE) {
      if (!slug) slug = word.slice(0, MAX_BASE);
      break;
    }
    slug = next;
  }
  return slug || 'berita';
}

/** The smallest free slug for `base` among those already taken: base, base-2, base-3, … */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Slugs in use that `base` could collide with: base itself and base-N. */
export async function takenSlugs(db: Db | Tx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(
      or(
        eq(articles.slug, base),
        sql`${articles.slug} ~ ${`^${base.replace(/[^a-z0-9-]/g, '')}-[0-9]+$`}`,
      ),
    );
  return rows.map((r) => r.slug);
}

/**
 * Inserts a row under the first free slug derived from its title. Race-safe: the slug is unique
 * in the database, the insert skips on conflict (waiting for a concurrent insert of the same slug
 * to settle, never aborting the transaction) and the next free slug is tried.
 */
export async function insertWithSlug(
  tx: Db | Tx,
  title: string,
  values: Omit<typeof articles.$inferInsert, 'slug'>,
): Promise<typeof articles.$inferSelect> {
  const base = slugify(title);
  for (let attempt = 0; attempt < 50; attempt++) {
    const slug = nextFreeSlug(base, await takenSlugs(tx, base));
    const [row] = await tx
      .insert(articles)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: articles.slug })
      .returning();
    if (row) return row;
  }
  throw new Error(`no free slug for "${base}" after 50 attempts`);
}

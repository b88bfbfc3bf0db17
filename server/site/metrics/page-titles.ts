import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articles, elections } from '../../db/schema/index.ts';

/** The counted pages' titles (as each page titles itself), by path. */
const STATIC_TITLES: Record<string, string> = {
  '/': 'Beranda',
  '/struktur': 'Struktur Organisasi',
  '/layanan': 'Layanan',
  '/berita': 'Berita',
  '/dokumen': 'Bank Dokumen',
  '/tentang': 'Tentang',
  '/pemilihan': 'E-Voting',
  '/request-pemilihan': 'Ajukan Pemilihan',
  '/login': 'Masuk',
  '/register': 'Daftar',
  '/register-panitia': 'Daftar Panitia atau Saksi',
  '/register-pemilih': 'Daftar Pemilih',
  '/lupa-sandi': 'Lupa Kata Sandi',
  '/login-pemilih': 'Masuk Pemilih',
  '/profil-pemilih': 'Edit Profil Pemilih',
  '/dashboard-pemilih': 'Dashboard Pemilih',
};

const ELECTION_PAGES: [RegExp, string][] = [
  [/^\/voting\/([0-9a-fA-F-]{36})$/, 'Pemungutan Suara'],
  [/^\/hasil\/([0-9a-fA-F-]{36})$/, 'Hasil'],
  [/^\/pemilihan\/([0-9a-fA-F-]{36})\/kandidat$/, 'Kandidat'],
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const decoded = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * A readable title for each counted page path: the page's own title, an article's headline, an
 * election's page with the election's title; the path itself when nothing else is known.
 */
export async function pageTitles(db: Db, paths: string[]): Promise<Map<string, string>> {
  const slugs = new Map<string, string>();
  const electionIds = new Map<string, [string, string]>();
  for (const p of paths) {
    const article = /^\/berita\/([^/]+)$/.exec(p);
    if (article) slugs.set(p, decoded(article[1]!));
    for (const [re, label] of ELECTION_PAGES) {
      const m = re.exec(p);
      if (m && UUID.test(m[1]!)) electionIds.set(p, [m[1]!.toLowerCase(), label]);
    }
  }
  const [articleRows, electionRows] = await Promise.all([
    slugs.size
      ? db
          .select({ slug: articles.slug, title: articles.title })
          .from(articles)
          .where(inArray(articles.slug, [...slugs.values()]))
      : [],
    electionIds.size
      ? db
          .select({ id: elections.id, title: elections.title })
          .from(elections)
          .where(inArray(elections.id, [...new Set([...electionIds.values()].map(([id]) => id))]))
      : [],
  ]);
  const articleTitle = new Map(articleRows.map((r) => [r.slug, r.title]));
  const electionTitle = new Map(electionRows.map((r) => [r.id, r.title]));
  return new Map(
    paths.map((p) => {
      const slug = slugs.get(p);
      const election = electionIds.get(p);
      const title =
        STATIC_TITLES[p] ??
        (slug !== undefined
          ? articleTitle.get(slug) && `Berita: ${articleTitle.get(slug)}`
          : undefined) ??
        (election && electionTitle.get(election[0])
          ? `${election[1]}: ${electionTitle.get(election[0])}`
          : undefined) ??
        decoded(p);
      return [p, title];
    }),
  );
}

import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/client.ts';
import { computeResults, type ElectionResults } from './compute-results.ts';

/** A file name made of the election's title (ASCII letters and digits) and the start of its id. */
export function resultsFileName(results: ElectionResults, ext: 'csv' | 'pdf'): string {
  const slug =
    results.election.title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'pemilihan';
  return `hasil-${slug}-${results.election.id.slice(0, 8)}.${ext}`;
}

const percent = (n: number) => n.toFixed(2);

/**
 * The results as CSV: one row per ballot option in ballot order (candidates, Kotak Kosong, then
 * abstain when enabled). Totals per option only: nothing per ballot or per voter.
 * Starts with a byte order mark so spreadsheet programs read the names as UTF-8.
 */
export function resultsCsv(results: ElectionResults): string {
  const rows: (string | number)[][] = results.options.map((o) => [
    o.nomorUrut ?? '',
    o.kind === 'kotak-kosong' ? 'Kotak Kosong' : o.namaKetua,
    o.namaWakil,
    o.votes,
    percent(o.percent),
  ]);
  if (results.abstain) rows.push(['', 'Abstain', '', results.abstain.votes, '']);
  return stringify(rows, {
    bom: true,
    header: true,
    columns: ['No. Urut', 'Nama Ketua', 'Nama Wakil', 'Jumlah Suara', 'Persentase Suara Sah (%)'],
  });
}

/** The CSV download of a closed or published election (409 while sealed). */
export async function exportResultsCsv(
  db: Db,
  electionId: string,
  now: Date,
): Promise<{ filename: string; body: string }> {
  const results = await computeResults(db, electionId, now);
  return { filename: resultsFileName(results, 'csv'), body: resultsCsv(results) };
}

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { verifyAuditChain } from '../../audit/verify-audit.ts';
import { countBallots } from '../ballot-box/count-ballots.ts';
import { phaseOf, resultsSealed, type Phase } from '../rules/lifecycle.ts';
import { computeTurnout } from '../turnout.ts';
import { examineBallots } from './examine-ballots.ts';
import { loadElection } from './election-row.ts';

export type ElectionVerification = {
  ok: boolean;
  /** Every mismatch, one Indonesian sentence each. */
  problems: string[];
  /** The whole report as printed by `npm run verify-election`. */
  report: string;
};

const PHASE_LABEL: Record<Phase, string> = {
  draft: 'draf (disiapkan panitia)',
  upcoming: 'terkunci, belum dibuka',
  open: 'pemungutan suara berlangsung',
  closed: 'pemungutan suara ditutup',
  published: 'hasil diumumkan',
  archived: 'diarsipkan',
};

const number = new Intl.NumberFormat('id-ID');
const percent = new Intl.NumberFormat('id-ID', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Checks one election from the database alone, writing nothing: recounts the ballots (row by row
 * and by the indexed GROUP BY), checks every ballot's digest, participation against ballots and
 * the roll, the sealed ballot chain head (against the recomputed one and against the audit entry
 * that recorded it), and the whole audit chain. While results are sealed the report holds no
 * count per candidate.
 */
export async function verifyElection(
  db: Db,
  electionId: string,
  now: Date = new Date(),
): Promise<ElectionVerification> {
  const election = await loadElection(db, electionId);
  const phase = phaseOf(election, now);
  const sealed = resultsSealed(election, now);
  const lines: string[] = [];
  const problems: string[] = [];
  const say = (s = '') => lines.push(s);

  say(`Verifikasi pemilihan: ${election.title}`);
  say(`ID: ${election.id}`);
  say(`Status: ${PHASE_LABEL[phase]}`);
  say();

  // Ballots, digests, participation.
  const x = await examineBallots(db, election);
  problems.push(...x.problems);
  say(
    `Surat suara: ${number.format(x.ballotCount)}; tanda partisipasi: ${number.format(x.participationCount)}` +
      (x.ballotCount === x.participationCount ? ' (cocok)' : ' (TIDAK COCOK)'),
  );
  say(
    `Digest surat suara: ${number.format(x.ballotCount)} diperiksa` +
      (x.badDigests ? ` (${number.format(x.badDigests)} TIDAK COCOK)` : ' (semua cocok)'),
  );

  // The same count through the index the results page would use.
  const grouped = await countBallots(db, electionId);
  let groupedTotal = 0;
  for (const n of grouped.values()) groupedTotal += n;
  const groupedMismatch =
    groupedTotal !== x.ballotCount ||
    Object.entries(x.choiceCounts).some(([choice, n]) => (grouped.get(choice) ?? 0) !== n);
  if (groupedMismatch)
    problems.push(
      'Penghitungan lewat indeks (GROUP BY) berbeda dengan penghitungan per surat suara.',
    );

  // Turnout against the roll.
  const turnout = await computeTurnout(db, election);
  const onRoll = turnout.perProdi.reduce((s, g) => s + g.voted, 0);
  if (onRoll !== turnout.voted)
    problems.push(
      `${turnout.voted - onRoll} tanda partisipasi tidak memiliki NIM pada daftar pemilih.`,
    );
  if (turnout.voted > turnout.rollSize)
    problems.push(
      `Jumlah yang memilih (${turnout.voted}) melebihi jumlah pemilih terdaftar (${turnout.rollSize}).`,
    );
  say(
    `Partisipasi: ${number.format(turnout.voted)} dari ${number.format(turnout.rollSize)} pemilih ` +
      `(${percent.format(turnout.percent)}%)`,
  );

  // The ballot chain and its seal.
  say(`Head rantai surat suara (dihitung ulang): ${x.head}`);
  const stored = election.ballotChainHead;
  const [sealEntry] = await db
    .select({ seq: auditLog.seq, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.electionId, electionId), eq(auditLog.action, 'election.sealed')))
    .orderBy(asc(auditLog.seq))
    .limit(1);
  if (stored === null) {
    say(
      sealed
        ? 'Segel rantai surat suara: belum ada (hasil masih disegel).'
        : 'Segel rantai surat suara: belum ada (hasil belum pernah dihitung sejak ditutup).',
    );
    if (sealEntry)
      problems.push(
        `Log audit mencatat segel rantai surat suara (entri #${sealEntry.seq}), tetapi segel di data pemilihan kosong.`,
      );
  } else {
    say(`Head rantai surat suara (disegel):       ${stored}`);
    if (stored !== x.head)
      problems.push(
        'Head rantai surat suara yang dihitung ulang berbeda dengan yang disegel: ada surat suara yang ditambah, diubah, atau dihapus.',
      );
    if (!sealEntry) problems.push('Segel rantai surat suara tidak tercatat di log audit.');
    else if (sealEntry.details.head !== stored)
      problems.push(
        `Segel rantai surat suara berbeda dengan yang tercatat di log audit (entri #${sealEntry.seq}).`,
      );
    if (phase === 'draft' || phase === 'upcoming' || phase === 'open')
      problems.push('Rantai surat suara sudah disegel padahal pemungutan suara belum ditutup.');
  }

  // The whole audit log.
  const audit = await verifyAuditChain(db);
  say(
    `Log audit: ${number.format(audit.entries)} entri, head ${audit.head}` +
      (audit.ok ? ' (rantai utuh)' : ' (RANTAI RUSAK)'),
  );
  problems.push(...audit.problems.map((p) => `Log audit, ${p}.`));

  say();
  if (sealed) {
    say('Perolehan suara tidak ditampilkan: hasil masih disegel sampai pemungutan suara ditutup.');
  } else {
    say('Perolehan suara (dihitung ulang dari kotak suara):');
    for (const o of x.options)
      say(
        `  ${o.label}: ${number.format(o.votes)} suara (${percent.format(o.percent)}% suara sah)`,
      );
    if (x.abstain) say(`  Abstain: ${number.format(x.abstain.votes)} suara`);
    say(`  Suara sah: ${number.format(x.totals.valid)}`);
    say(
      x.winner
        ? `  Suara terbanyak: ${x.winner.label}`
        : x.tie
          ? '  Seri: lebih dari satu pilihan memperoleh suara terbanyak.'
          : '  Tidak ada suara sah.',
    );
  }

  say();
  if (problems.length === 0) {
    say('HASIL: SEMUA COCOK. Tidak ditemukan ketidakcocokan.');
  } else {
    say(`HASIL: DITEMUKAN ${problems.length} KETIDAKCOCOKAN:`);
    for (const p of problems) say(`  - ${p}`);
  }
  return { ok: problems.length === 0, problems, report: lines.join('\n') };
}

// The record half of `npm run verify-election -- DIR`: verifies the one `<uuid>.bel` in DIR with
// our verifier (every check of the Belenios 2.0 audit plus ours), printing each check and a verdict;
// with the `<uuid>.audited.json` beside it, the ballots voters opened are checked too.
import fs from 'node:fs';
import path from 'node:path';
import { useOpensslModPow } from '../server/crypto/openssl-mod-pow.ts';
import { recordBallots } from '../shared/crypto/verify/ballot-verdicts.ts';
import { verifyRecord, type VerifyOptions } from '../shared/crypto/verify/verify-record.ts';
import { checkBallotOffThread, closeBallotCheckPool } from '../server/crypto/ballot-check-pool.ts';

/**
 * Options after the folder: --snapshot FILE (repeatable), --credentials COUNT:FINGERPRINT. The
 * ballots' full checks run first on a thread per core (the server's ballot-checking pool); the
 * verifier takes their verdicts and does every other check itself.
 */
export async function verifyRecordFolder(dir: string, rest: string[]): Promise<number> {
  const records = fs.readdirSync(dir).filter((f) => f.endsWith('.bel'));
  if (records.length !== 1) {
    console.error(
      `Folder ${dir} harus berisi tepat satu berkas .bel (ditemukan ${records.length}).`,
    );
    return 1;
  }
  const options: VerifyOptions = {};
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (flag === '--snapshot' && value) {
      (options.snapshots ??= []).push(new Uint8Array(fs.readFileSync(value)));
    } else if (flag === '--credentials' && value && /^\d+:\S+$/.test(value)) {
      const [count, fingerprint] = value.split(/:(.*)/s) as [string, string];
      options.credentials = { count: Number(count), fingerprint };
    } else {
      console.error(`Opsi tidak dikenal: ${flag ?? ''} ${value ?? ''}`);
      return 1;
    }
  }
  // The ballots voters opened to check them, when their list lies beside the record.
  const audited = fs.readdirSync(dir).filter((f) => f.endsWith('.audited.json'));
  if (audited.length > 1) {
    console.error(`Folder ${dir} berisi lebih dari satu berkas .audited.json.`);
    return 1;
  }
  if (audited[0]) options.audited = fs.readFileSync(path.join(dir, audited[0]), 'utf8');
  useOpensslModPow();
  const file = path.join(dir, records[0]!);
  const bytes = new Uint8Array(fs.readFileSync(file));
  const found = recordBallots(bytes);
  if (found) {
    // Every check settles before the pool closes (a thread still starting when the process
    // exits aborts it), and any refusal is an election object the threads cannot read: the
    // verifier then checks it and says why.
    const settled = await Promise.allSettled(
      found.ballots.map(([, text]) => checkBallotOffThread(found.electionText, text)),
    );
    await closeBallotCheckPool();
    const verdicts = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    if (verdicts.length === settled.length)
      options.verdicts = new Map(found.ballots.map(([hash], i) => [hash, verdicts[i]!]));
  }
  const report = verifyRecord(bytes, options);
  console.log(`Rekaman ${file}`);
  if (audited[0]) console.log(`Surat suara yang diperiksa: ${path.join(dir, audited[0])}`);
  for (const c of report.checks) console.log(`${c.ok ? '✓' : '✗'} ${c.label}: ${c.detail}`);
  if (report.head) console.log(`Hash kepala rekaman: ${report.head}`);
  console.log(
    report.ok
      ? 'Kesimpulan: rekaman pemilihan SAH — semua pemeriksaan lulus.'
      : `Kesimpulan: rekaman pemilihan TIDAK SAH — gagal pada "${report.failure?.label}".`,
  );
  return report.ok ? 0 : 1;
}

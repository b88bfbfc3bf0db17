// `npm run verify-election -- <electionId>`: recounts an election from the database and checks the
// ballot digests, participation, the sealed ballot chain and the audit chain. Exit 0 when
// everything matches, 1 with every mismatch listed otherwise. Writes nothing.
// `npm run verify-election -- DIR`: verifies the election record (`<uuid>.bel`) in DIR instead; a
// verifiable election's id is verified the same way, from its record in the database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recordArchive } from '../server/elections/record/record-store.ts';
import { auditedList } from '../server/elections/record/audited-list.ts';
import { verifyElection } from '../server/elections/results/verify-election.ts';
import { openCommandDatabase } from './command-database.ts';
import { ApiError } from '../server/http/errors.ts';
import { verifyRecordFolder } from './verify-record.ts';

const usage = `Pemakaian:
  npm run verify-election -- ID_PEMILIHAN
  npm run verify-election -- FOLDER_REKAMAN [--snapshot SALINAN.bel]... [--credentials JUMLAH:SIDIK]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2).filter((a) => a !== '--');
const electionId = args[0];
if (electionId && fs.existsSync(electionId) && fs.statSync(electionId).isDirectory()) {
  process.exit(await verifyRecordFolder(electionId, args.slice(1)));
}
if (args.length !== 1 || !electionId) fail(usage);
if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(electionId))
  fail(`ID pemilihan tidak valid: ${electionId}\n\n${usage}`);

const database = await openCommandDatabase();
let exitCode = 1;
try {
  // A verifiable election is checked from its public record, as anyone would check it, against
  // the credentials announced at lock: the record as it stands, without writing anything.
  const record = await recordArchive(database.db, electionId.toLowerCase());
  if (record) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bem-verify-'));
    try {
      fs.writeFileSync(path.join(dir, `${record.uuid}.bel`), record.bytes);
      fs.writeFileSync(
        path.join(dir, `${record.uuid}.audited.json`),
        await auditedList(database.db, electionId.toLowerCase()),
      );
      const { count, fingerprint } = record.credentials;
      exitCode = await verifyRecordFolder(dir, ['--credentials', `${count}:${fingerprint}`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await database.close();
    process.exit(exitCode);
  }
  const result = await verifyElection(database.db, electionId.toLowerCase());
  console.log(result.report);
  exitCode = result.ok ? 0 : 1;
} catch (err) {
  if (!(err instanceof ApiError)) throw err;
  console.error(err.message);
} finally {
  await database.close();
}
process.exit(exitCode);

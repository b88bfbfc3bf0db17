// `npm run election:export -- <electionId> --out DIR`: writes a verifiable election's public record
// as DIR/<uuid>.bel, the file `belenios-tool election verify --dir DIR` and our verifier read.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { recordArchive } from '../server/elections/record/record-store.ts';
import { auditedList } from '../server/elections/record/audited-list.ts';
import { openCommandDatabase } from './command-database.ts';
import { canonicalUuid } from '../shared/ids.ts';

const usage = `Pemakaian:
  npm run election:export -- ID_PEMILIHAN --out FOLDER`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    options: { out: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
} catch (err) {
  fail(`${(err as Error).message}\n\n${usage}`);
}
const [id, ...extra] = parsed.positionals;
const electionId = canonicalUuid(id ?? '');
if (!electionId || extra.length) fail(`ID pemilihan tidak valid.\n\n${usage}`);
const out = parsed.values.out;
if (!out) fail(`--out wajib diisi.\n\n${usage}`);

const database = await openCommandDatabase();
try {
  const record = await recordArchive(database.db, electionId);
  if (!record)
    fail(
      `Pemilihan ${electionId} tidak memiliki rekaman publik (tidak ada, belum dikunci, atau memakai surat suara lama yang tidak terenkripsi).`,
    );
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, `${record.uuid}.bel`);
  fs.writeFileSync(file, record.bytes);
  // Beside it, the ballots voters opened to check them (belenios-tool ignores the file).
  const audited = path.join(out, `${record.uuid}.audited.json`);
  fs.writeFileSync(audited, await auditedList(database.db, electionId));
  console.log(
    `Rekaman ditulis: ${file} (${record.bytes.length} bita)\nSurat suara yang diperiksa: ${audited}\nHead: ${record.head}`,
  );
} finally {
  await database.close();
}

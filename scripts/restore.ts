// `npm run restore -- FILE [--passphrase-file F]`: restores a backup made by `npm run backup` into
// the empty target of DATA_DIR / DATABASE_URL (the owner's MIGRATION_DATABASE_URL when set): an
// embedded database folder not made yet, or a PostgreSQL database without our tables. The file is
// checked whole first; the schema is made at the backup's migration level, every row loaded as it
// was, then the newer migrations run. A non-empty target, a wrong passphrase or a damaged file is
// refused and nothing is changed. Progress on stderr, the summary on stdout; exit 1 on any failure.
import { parseArgs } from 'node:util';
import { BackupError } from '../server/backup/errors.ts';
import { readPassphraseFile } from '../server/backup/passphrase.ts';
import { restoreBackup } from '../server/backup/restore-backup.ts';
import { DataDirError } from '../server/db/data-dir.ts';
import { loadEnvOrExit } from '../server/runtime/env.ts';

const usage = `Pemakaian:
  npm run restore -- BERKAS [--passphrase-file BERKAS_KATA_SANDI]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    options: { 'passphrase-file': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
} catch (err) {
  fail(`${(err as Error).message}\n\n${usage}`);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length) fail(`Sebutkan satu berkas cadangan.\n\n${usage}`);

const env = loadEnvOrExit();
const number = new Intl.NumberFormat('id-ID');
const started = performance.now();
try {
  const passphrase = parsed.values['passphrase-file']
    ? readPassphraseFile(parsed.values['passphrase-file'])
    : undefined;
  const s = await restoreBackup({
    file,
    passphrase,
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl ? (env.migrationDatabaseUrl ?? env.databaseUrl) : undefined,
    progress: (line) => console.error(line),
  });
  console.log(
    [
      `Pemulihan selesai ke ${s.engine === 'postgres' ? 'PostgreSQL' : `DATA_DIR ${env.dataDir}`} ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} detik)`,
      `  ${number.format(s.tables)} tabel, ${number.format(s.rows)} baris, ` +
        `${number.format(s.uploads.count)} berkas unggahan` +
        (s.diskFilesImported
          ? `, ${number.format(s.diskFilesImported)} berkas versi lama dipindah ke basis data`
          : ''),
      s.fromLevel < s.toLevel
        ? `  tingkat migrasi ${s.fromLevel} → ${s.toLevel} (${s.toLevel - s.fromLevel} migrasi dijalankan)`
        : `  tingkat migrasi ${s.toLevel}`,
      'Berikutnya:',
      ...(s.engine === 'postgres'
        ? [
            '  - bila aplikasi memakai peran tersendiri, berikan lagi haknya atas tabel yang baru:',
            '    npm run db:roles -- --app-role NAMA_PERAN   (dengan APP_ROLE_PASSWORD berisi kata sandinya yang sekarang)',
          ]
        : []),
      '  - jalankan aplikasi (npm start), lalu periksa setiap pemilihan: npm run verify-election -- ID_PEMILIHAN',
    ].join('\n'),
  );
} catch (err) {
  if (err instanceof BackupError || err instanceof DataDirError) fail(err.message);
  fail(`Pemulihan gagal: ${(err as Error).message}. Tidak ada yang dipulihkan.`);
}

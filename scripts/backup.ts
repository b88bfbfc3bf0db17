// `npm run backup -- --out FILE [--passphrase-file F]`: writes the whole database and the uploaded
// files of DATA_DIR / DATABASE_URL (the owner's MIGRATION_DATABASE_URL when set) to one file, from
// one snapshot, changing nothing; with --passphrase-file the file is encrypted under the passphrase
// that file holds. PostgreSQL is read while the app runs; the embedded database only while no server
// holds it. Progress on stderr, the summary on stdout; exit 1 on any failure, 129/130/143 when
// stopped by SIGHUP/SIGINT/SIGTERM (no file is left either way).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { BackupError } from '../server/backup/errors.ts';
import { readPassphraseFile } from '../server/backup/passphrase.ts';
import { partialBackupFile, writeBackup } from '../server/backup/write-backup.ts';
import { DataDirError } from '../server/db/data-dir.ts';
import { loadEnvOrExit } from '../server/runtime/env.ts';

const usage = `Pemakaian:
  npm run backup -- --out BERKAS [--passphrase-file BERKAS_KATA_SANDI]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let values;
try {
  ({ values } = parseArgs({
    options: { out: { type: 'string' }, 'passphrase-file': { type: 'string' } },
    strict: true,
  }));
} catch (err) {
  fail(`${(err as Error).message}\n\n${usage}`);
}
if (!values.out) fail(`--out wajib diisi.\n\n${usage}`);

const env = loadEnvOrExit();
const number = new Intl.NumberFormat('id-ID');
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${number.format(Math.ceil(bytes / 1024))} KiB`
    : `${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MiB`;
// Stopped while it writes (Ctrl-C, SIGTERM, the terminal closed): the partial file goes, as after
// any other failure, and the exit code is the shell's for that signal.
const SIGNALS = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
const stopped = (signal: NodeJS.Signals) => {
  const partial = partialBackupFile(values.out!);
  const writing = fs.existsSync(partial);
  fs.rmSync(partial, { force: true });
  console.error(
    writing
      ? 'Cadangan dibatalkan; berkas yang belum selesai dihapus. Tidak ada berkas cadangan yang dibuat.'
      : 'Cadangan dibatalkan.',
  );
  process.exit(SIGNALS[signal as keyof typeof SIGNALS]);
};
for (const signal of Object.keys(SIGNALS)) process.once(signal, stopped);
const started = performance.now();
try {
  const passphrase = values['passphrase-file']
    ? readPassphraseFile(values['passphrase-file'])
    : undefined;
  const s = await writeBackup({
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl ? (env.migrationDatabaseUrl ?? env.databaseUrl) : undefined,
    out: values.out,
    passphrase,
    progress: (line) => console.error(line),
  }).finally(() => {
    // Written (or failed): a signal from now on finds nothing to undo.
    for (const signal of Object.keys(SIGNALS)) process.removeListener(signal, stopped);
  });
  console.log(
    [
      `Cadangan selesai: ${s.file} (${size(s.bytes)}, ${((performance.now() - started) / 1000).toFixed(1)} detik)`,
      `  ${s.encrypted ? 'terenkripsi (scrypt + AES-256-GCM)' : 'TIDAK terenkripsi'}`,
      `  tingkat migrasi ${s.migrationLevel} (${s.lastMigration})`,
      `  ${number.format(s.tables)} tabel, ${number.format(s.rows)} baris`,
      `  berkas unggahan: ${number.format(s.uploads.count)} (${size(s.uploads.bytes)})` +
        (s.diskFiles.count
          ? `; berkas versi lama dari DATA_DIR/files: ${number.format(s.diskFiles.count)}`
          : ''),
    ].join('\n'),
  );
  if (!s.encrypted)
    console.error(
      'Catatan: berkas ini memuat akun dan alamat email. Simpan di tempat yang hanya dapat dibaca ' +
        'pengelola, atau buat cadangan terenkripsi dengan --passphrase-file.',
    );
} catch (err) {
  if (err instanceof BackupError || err instanceof DataDirError) fail(err.message);
  fail(`Cadangan gagal: ${(err as Error).message}. Tidak ada berkas cadangan yang dibuat.`);
}

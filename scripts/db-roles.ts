// `npm run db:roles -- --app-role NAME`: on PostgreSQL, with DATABASE_URL (or MIGRATION_DATABASE_URL)
// naming the owner of the tables, applies the migrations and creates or updates the app's login
// role: it owns nothing and cannot update or delete ballots, participation marks or the audit log.
// Prints the password it set, unless APP_ROLE_PASSWORD gives it.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { migratePostgres } from '../server/db/client.ts';
import { grantAppRole } from '../server/db/roles.ts';
import { loadEnvOrExit } from '../server/runtime/env.ts';

const usage = 'Pemakaian: npm run db:roles -- --app-role NAMA_PERAN';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let role: string | undefined;
try {
  role = parseArgs({ options: { 'app-role': { type: 'string' } } }).values['app-role'];
} catch {
  fail(usage);
}
if (!role || !/^[a-z_][a-z0-9_]{0,62}$/.test(role)) {
  fail(`${usage}\nNAMA_PERAN: huruf kecil, angka dan garis bawah, diawali huruf (mis. bem_app).`);
}
const env = loadEnvOrExit();
const ownerUrl = env.migrationDatabaseUrl ?? env.databaseUrl;
if (!ownerUrl) {
  fail(
    'db:roles hanya untuk PostgreSQL: isi DATABASE_URL dengan koneksi pemilik tabel. Basis data bawaan (PGlite) hanya punya satu pengguna.',
  );
}
const given = process.env.APP_ROLE_PASSWORD;
const password = given || crypto.randomBytes(24).toString('base64url');
try {
  await migratePostgres(ownerUrl);
  await grantAppRole(ownerUrl, role, password);
} catch (err) {
  fail(`db:roles gagal: ${(err as Error).message}`);
}
console.log(
  `Peran ${role} siap: tidak memiliki tabel apa pun, dan tidak dapat mengubah atau menghapus surat suara, tanda partisipasi, maupun log aktivitas.`,
);
if (!given) console.log(`Kata sandi peran ${role}: ${password}`);
console.log(
  'Jalankan aplikasi dengan DATABASE_URL berisi peran ini dan MIGRATION_DATABASE_URL berisi koneksi pemilik.',
);

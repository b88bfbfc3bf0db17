// `npm run admin -- create --email E --password P --name N [--role master]`, `npm run admin -- list`
// and `npm run admin -- reset-2fa --email E` (an admin who lost their authenticator or passkey).
import { parseArgs } from 'node:util';
import { asc } from 'drizzle-orm';
import { createAdmin } from '../server/people/admins/create-admin.ts';
import { resetAdminSecondFactor } from '../server/people/admins/manage-admins.ts';
import { admins, user } from '../server/db/schema/index.ts';
import { openCommandDatabase } from './command-database.ts';
import { ApiError } from '../server/http/errors.ts';
import { emailField, namaLengkapField, passwordField } from '../shared/schemas/account.ts';
import { ADMIN_ROLES, type AdminRole } from '../shared/people.ts';
import { eq } from 'drizzle-orm';

const usage = `Pemakaian:
  npm run admin -- create --email EMAIL --password SANDI --name NAMA [--role master|admin]
  npm run admin -- list
  npm run admin -- reset-2fa --email EMAIL   (hapus 2FA, kode pemulihan dan passkey admin itu)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [command, ...rest] = process.argv.slice(2);
if (command !== 'create' && command !== 'list' && command !== 'reset-2fa') fail(usage);

const { values } = parseArgs({
  args: rest,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'admin' },
  },
  strict: true,
});

let resetEmail: string | undefined;
if (command === 'reset-2fa') {
  const email = emailField.safeParse(values.email ?? '');
  if (!email.success) fail(`${email.error.issues[0]!.message}\n\n${usage}`);
  resetEmail = email.data;
}

let input: { email: string; password: string; name: string; role: AdminRole } | undefined;
if (command === 'create') {
  const email = emailField.safeParse(values.email ?? '');
  const password = passwordField.safeParse(values.password ?? '');
  const name = namaLengkapField.safeParse(values.name ?? '');
  const problems = [email, password, name].flatMap((r) =>
    r.success ? [] : [r.error.issues[0]!.message],
  );
  if (!ADMIN_ROLES.includes(values.role as AdminRole))
    problems.push('Peran harus master atau admin.');
  if (problems.length) fail(`${problems.join('\n')}\n\n${usage}`);
  input = {
    email: email.data!,
    password: password.data!,
    name: name.data!,
    role: values.role as AdminRole,
  };
}

const database = await openCommandDatabase();
try {
  if (resetEmail) {
    const [account] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, resetEmail));
    if (!account) fail(`Tidak ada akun dengan email ${resetEmail}.`);
    try {
      const removed = await resetAdminSecondFactor(database.db, null, account.id);
      console.log(
        `2FA ${resetEmail} direset: autentikator ${removed.totp ? 'dihapus' : 'tidak ada'}, ` +
          `${removed.passkeys} passkey dihapus, semua sesinya diakhiri.`,
      );
    } catch (err) {
      if (err instanceof ApiError) fail(err.message);
      throw err;
    }
  } else if (input) {
    try {
      const { account, admin } = await createAdmin(database.db, input);
      console.log(`Admin dibuat: ${account.email} (${admin.role})`);
    } catch (err) {
      if (err instanceof ApiError) fail(err.message);
      throw err;
    }
  } else {
    const rows = await database.db
      .select({
        email: user.email,
        role: admins.role,
        nama: admins.namaLengkap,
        since: admins.createdAt,
      })
      .from(admins)
      .innerJoin(user, eq(user.id, admins.userId))
      .orderBy(asc(admins.createdAt));
    if (!rows.length) console.log('Belum ada admin.');
    for (const r of rows)
      console.log(
        `${r.role.padEnd(6)}  ${r.email}  ${r.nama}  (sejak ${r.since.toISOString().slice(0, 10)})`,
      );
  }
} finally {
  await database.close();
}

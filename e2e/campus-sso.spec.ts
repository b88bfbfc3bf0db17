import { expect, request, test, type Browser, type Page } from '@playwright/test';
import {
  alterPayload,
  IDP_CLIENT,
  startCampusIdp,
  type CampusAccount,
} from '../server/test/campus-idp.ts';
import { freePort, startOwnServer } from './support/own-server.ts';

/**
 * Campus SSO (issue 21): a real OpenID provider on loopback, its own login and consent pages in
 * Chromium, and a server of our own configured for it. Every refusal comes back to the sign-in page
 * with its reason in words and nobody signed in.
 */
test.describe.configure({ mode: 'serial' });

const SISWA: CampusAccount = {
  sub: 'siswa-0001',
  email: 'dewi.lestari@mahasiswa.kampus.test',
  email_verified: true,
  name: 'Dewi Lestari',
  nim: '021900123',
  prodi: 'TKN',
};
/** Has a password account with this address already (registered and confirmed). */
const TERDAFTAR: CampusAccount = {
  sub: 'siswa-0002',
  email: 'bayu.saputra@mahasiswa.kampus.test',
  email_verified: true,
  name: 'Bayu Saputra',
  nim: '21900456',
  prodi: 'Elektro Mekanika',
};
const LAIN: CampusAccount = {
  sub: 'siswa-0003',
  email: 'citra@mahasiswa.kampus.test',
  email_verified: true,
  name: 'Citra Ayu',
  nim: '21900789',
  prodi: 'EI',
};

/** The provider sends no NIM (as Google Workspace): the student gives it on our form. */
const TANPA_NIM: CampusAccount = {
  sub: 'siswa-0004',
  email: 'eko.prasetyo@mahasiswa.kampus.test',
  email_verified: true,
  name: 'Eko Prasetyo',
};
/** Carries the NIM Dewi's record already holds. */
const KEMBAR: CampusAccount = {
  sub: 'siswa-0005',
  email: 'kembar@mahasiswa.kampus.test',
  email_verified: true,
  name: 'Penyusup Kembar',
  nim: '21900123',
  prodi: 'TKN',
};
/** Someone registered this address with a password and never opened the confirmation link. */
const BELUM: CampusAccount = {
  sub: 'siswa-0006',
  email: 'fajar@mahasiswa.kampus.test',
  email_verified: true,
  name: 'Fajar Nugroho',
  nim: '21900555',
  prodi: 'EI',
};

/** A provider account whose address the provider has not verified (users may type their own). */
const TIDAK_TERVERIFIKASI: CampusAccount = {
  sub: 'siswa-0007',
  email: 'hendra@mahasiswa.kampus.test',
  email_verified: false,
  name: 'Pengaku Bayu',
  nim: '21900777',
  prodi: 'EI',
};
/** Their NIM was taken by a registration that never confirmed its address. */
const DISEROBOT: CampusAccount = {
  sub: 'siswa-0008',
  email: 'gita@mahasiswa.kampus.test',
  email_verified: true,
  name: 'Gita Puspita',
  nim: '21900888',
  prodi: 'EI',
};

/** The master admin's own campus address: an admin never signs in around their password. */
const ADMIN: CampusAccount = {
  sub: 'staf-0001',
  email: 'master.bem@kampus.test',
  email_verified: true,
  name: 'Master BEM',
};

let server: Awaited<ReturnType<typeof startOwnServer>>;
let idp: Awaited<ReturnType<typeof startCampusIdp>>;

test.beforeAll(async () => {
  // The app's port is only known once it starts; the provider needs the callback first. The
  // provider is told the address the app will have by reserving a port for it.
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  idp = await startCampusIdp({
    redirectUri: `${appUrl}/api/auth/callback/kampus`,
    accounts: [
      SISWA,
      TERDAFTAR,
      LAIN,
      TANPA_NIM,
      KEMBAR,
      BELUM,
      ADMIN,
      TIDAK_TERVERIFIKASI,
      DISEROBOT,
    ],
  });
  server = await startOwnServer({
    PORT: String(port),
    PUBLIC_URL: appUrl,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: IDP_CLIENT.id,
    OIDC_CLIENT_SECRET: IDP_CLIENT.secret,
    OIDC_PRODI_MAP: 'TKN=Teknokimia Nuklir;EI=Elektronika Instrumentasi',
    REGISTER_PER_HOUR: '1000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: 'sandi-master-sso-1',
    ADMIN_NAME: ADMIN.name,
  });
});
test.afterAll(async () => {
  await server.stop();
  server.remove();
  await idp.stop();
});

async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
  });
  return context.newPage();
}

/**
 * From the sign-in page through the provider's own login and consent pages (each only when the
 * provider asks: a provider session and a given consent skip them) back to this site.
 */
async function ssoSignIn(page: Page, account: CampusAccount, from = '/login-pemilih') {
  await page.goto(from);
  await page.getByRole('button', { name: 'Masuk dengan SSO Kampus' }).click();
  for (;;) {
    await page.waitForURL(
      (url) =>
        url.origin === server.url
          ? url.pathname !== from || url.searchParams.has('error')
          : url.pathname.startsWith('/interaction/'),
      { waitUntil: 'domcontentloaded' },
    );
    const here = page.url();
    if (new URL(here).origin === server.url) return;
    if (await page.locator('input[name="login"]').count()) {
      await page.locator('input[name="login"]').fill(account.sub);
      await page.locator('input[name="password"]').fill('sandi-apa-saja');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    } else {
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForURL((url) => url.href !== here, { waitUntil: 'commit' });
  }
}

type MeBody = {
  user: { id: string; email: string } | null;
  voter: { nim: string; prodi: string; status: string; namaLengkap: string } | null;
};
const me = async (page: Page) => (await (await page.request.get('/api/me')).json()) as MeBody;

test('first SSO sign-in creates a verified voter; the second lands on the dashboard (390 px)', async ({
  browser,
}) => {
  const page = await newPage(browser, 390);
  await page.goto('/register-pemilih');
  await expect(page.getByRole('button', { name: 'Masuk dengan SSO Kampus' })).toBeVisible();

  await ssoSignIn(page, SISWA);
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  const first = await me(page);
  expect(first.user?.email).toBe(SISWA.email);
  expect(first.voter).toMatchObject({
    nim: '21900123',
    prodi: 'Teknokimia Nuklir',
    status: 'verified',
    namaLengkap: 'Dewi Lestari',
  });

  // Signed out, then in again: the same account, no second one.
  await page.context().clearCookies({ domain: 'localhost' });
  await ssoSignIn(page, SISWA);
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  const second = await me(page);
  expect(second.user?.id).toBe(first.user?.id);
  await page.context().close();
});

test('SSO with the address of a confirmed password account signs into that account', async ({
  browser,
}) => {
  const api = await registerWithPassword(
    TERDAFTAR.name,
    TERDAFTAR.nim!,
    TERDAFTAR.email,
    'sandi-pemilih-1',
  );
  const link = await server.confirmationLink(TERDAFTAR.email);
  const token = new URL(link, server.url).searchParams.get('token')!;
  expect((await api.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).ok()).toBe(
    true,
  );
  const before = (await (await api.get('/api/me')).json()) as MeBody;
  expect(before.voter?.status).toBe('pending');

  const page = await newPage(browser);
  await ssoSignIn(page, TERDAFTAR);
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  const after = await me(page);
  // One account: the password one, now also reachable through SSO, verified by the provider's NIM.
  expect(after.user?.id).toBe(before.user?.id);
  expect(after.voter?.status).toBe('verified');
  // The password still works.
  await page.context().clearCookies({ domain: 'localhost' });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: TERDAFTAR.email, password: 'sandi-pemilih-1' },
    headers: { origin: server.url },
  });
  expect(signIn.ok()).toBe(true);
  await api.dispose();
  await page.context().close();
});

/** A voter registration with a password (202: its confirmation link is mailed), by API. */
async function registerWithPassword(
  namaLengkap: string,
  nim: string,
  email: string,
  password: string,
) {
  const api = await request.newContext({ baseURL: server.url });
  const registered = await api.post('/api/voters/register', {
    data: {
      namaLengkap,
      nim,
      prodi: 'Elektro Mekanika',
      email,
      password,
      confirmPassword: password,
    },
  });
  expect(registered.status()).toBe(202);
  return api;
}

/** After a refused SSO sign-in: back on the sign-in page, the reason shown, nobody signed in. */
async function expectRefused(page: Page, message: RegExp) {
  await expect(page).toHaveURL(/\/login-pemilih\?error=/);
  await expect(page.getByRole('alert')).toHaveText(message);
  expect((await me(page)).user).toBeNull();
}

test('a tampered ID token is refused', async ({ browser }) => {
  const page = await newPage(browser);
  idp.tamper((token) => alterPayload(token, { nim: '21900999' }));
  try {
    await ssoSignIn(page, LAIN);
  } finally {
    idp.tamper(null);
  }
  await expectRefused(page, /tidak dapat diverifikasi/);
  await page.context().close();
});

test('an ID token from another issuer is refused, even signed with the right key', async ({
  browser,
}) => {
  const page = await newPage(browser);
  idp.tamper((token) => idp.mint(token, { iss: 'http://127.0.0.1:9/penyedia-lain' }));
  try {
    await ssoSignIn(page, LAIN);
  } finally {
    idp.tamper(null);
  }
  await expectRefused(page, /tidak dapat diverifikasi/);
  await page.context().close();
});

test('an answer naming another issuer (iss parameter) is refused', async ({ browser }) => {
  const page = await newPage(browser);
  idp.rewriteAnswer((url) => url.searchParams.set('iss', 'http://127.0.0.1:9/penyedia-lain'));
  try {
    await ssoSignIn(page, LAIN);
  } finally {
    idp.rewriteAnswer(null);
  }
  await expectRefused(page, /tidak berasal dari penyedia SSO kampus yang terdaftar/);
  await page.context().close();
});

test('a state that does not match the sign-in this browser started is refused', async ({
  browser,
}) => {
  const page = await newPage(browser);
  idp.rewriteAnswer((url) => url.searchParams.set('state', 'state-palsu-dari-penyerang'));
  try {
    await ssoSignIn(page, LAIN);
  } finally {
    idp.rewriteAnswer(null);
  }
  await expectRefused(page, /tidak cocok dengan sesi peramban ini/);
  await page.context().close();
});

test('after the refusals the same student still signs in, as a new verified voter', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await ssoSignIn(page, LAIN);
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  expect((await me(page)).voter).toMatchObject({
    nim: LAIN.nim,
    prodi: 'Elektronika Instrumentasi',
    status: 'verified',
  });
  await page.context().close();
});

test('a NIM another account holds is refused, and no account is left behind', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await ssoSignIn(page, KEMBAR);
  await expectRefused(page, /NIM dari SSO kampus sudah terdaftar pada akun lain/);
  // Nothing of the attempt stayed: the address registers as a new one (a confirmation link, not
  // the "already registered" mail an existing account's address gets).
  const api = await registerWithPassword(
    'Penyusup Kembar',
    '21900999',
    KEMBAR.email,
    'sandi-kembar-1',
  );
  expect(await server.confirmationLink(KEMBAR.email)).toMatch(/^\/konfirmasi-email\?token=/);
  await api.dispose();
  await page.context().close();
});

test('an unconfirmed registration with the address is not taken over', async ({ browser }) => {
  const api = await registerWithPassword(
    'Orang Lain',
    '21900666',
    BELUM.email,
    'sandi-orang-lain-1',
  );
  await server.confirmationLink(BELUM.email);
  const page = await newPage(browser);
  await ssoSignIn(page, BELUM);
  await expectRefused(page, /belum dapat ditautkan ke SSO kampus/);
  await api.dispose();
  await page.context().close();
});

test('with no NIM from the provider the student gives it, and waits for verification', async ({
  browser,
}) => {
  const page = await newPage(browser, 390);
  await ssoSignIn(page, TANPA_NIM);
  await expect(page).toHaveURL(/\/register-pemilih$/);
  await expect(page.getByRole('heading', { name: 'Lengkapi Data Pemilih' })).toBeVisible();
  await expect(page.getByLabel('Nama Lengkap')).toHaveValue('Eko Prasetyo');
  await page.getByLabel('NIM').fill('21900321');
  await page.getByLabel('Program Studi').selectOption('Elektro Mekanika');
  await page.getByRole('button', { name: 'Simpan Data Pemilih' }).click();
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  expect((await me(page)).voter).toMatchObject({ nim: '21900321', status: 'pending' });
  await page.context().close();
});

test("an admin's account is not signed in through SSO", async ({ browser }) => {
  const page = await newPage(browser);
  await ssoSignIn(page, ADMIN);
  await expectRefused(page, /Akun admin masuk dengan email dan kata sandi/);
  await page.context().close();
});

test('an address the provider has not verified neither makes nor reaches an account', async ({
  browser,
}) => {
  const page = await newPage(browser);
  await ssoSignIn(page, TIDAK_TERVERIFIKASI);
  await expectRefused(page, /belum memverifikasi alamat email Anda/);
  await page.context().close();
});

test('a NIM held by a registration nobody confirmed gives way to its SSO owner', async ({
  browser,
}) => {
  const api = await registerWithPassword(
    'Penyerobot',
    DISEROBOT.nim!,
    'penyerobot@lain.test',
    'sandi-penyerobot-1',
  );
  await server.confirmationLink('penyerobot@lain.test');
  const page = await newPage(browser);
  await ssoSignIn(page, DISEROBOT);
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
  expect((await me(page)).voter).toMatchObject({ nim: DISEROBOT.nim, status: 'verified' });
  await api.dispose();
  await page.context().close();
});

import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { client, ok } from './support/api.ts';
import { signedInMaster } from './support/election-api.ts';
import {
  expectNoSideScroll,
  logout,
  newVoter,
  registerAndConfirm,
  signIn,
  waitForMail,
} from './support/fixtures.ts';
import { layoutShift } from './support/layout-shift.ts';
import { startOwnServer } from './support/own-server.ts';
import { nextTotpCode } from '../server/test/totp.ts';

/** The next code an authenticator app shows for a secret typed from the screen (never a used one). */
const codeFor = nextTotpCode;

const shots = process.env.E2E_SHOTS;
/** Screenshots at 1280 and 390 px for looking at by eye (only when E2E_SHOTS names a folder). */
async function shot(page: Page, name: string) {
  if (!shots) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** A new admin added by the master, their password set from the mailed link. */
async function newAdmin(
  base = process.env.E2E_BASE_URL!,
  master?: Awaited<ReturnType<typeof client>>,
  link?: (email: string) => Promise<string>,
) {
  const suffix = crypto.randomInt(100_000, 999_999);
  const admin = { email: `admin.2fa.${suffix}@bem.test`, password: `sandi-admin-${suffix}` };
  const by = master ?? (await signedInMaster());
  await ok(
    by.post('/api/admins', {
      data: { email: admin.email, namaLengkap: 'Admin Dua Langkah', role: 'admin' },
    }),
    201,
  );
  const path = link
    ? await link(admin.email)
    : /\/lupa-sandi\?token=[A-Za-z0-9]+/.exec(
        (await waitForMail(admin.email, /lupa-sandi\?token=/)).text,
      )![0];
  const token = new URL(path, base).searchParams.get('token')!;
  await ok(
    (await client(base)).post('/api/auth/reset-password', {
      data: { newPassword: admin.password, token },
    }),
  );
  return admin;
}

/** Chromium's virtual authenticator, standing in for the phone's or laptop's own. */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Adds a passkey from Keamanan Akun (the page's authenticator makes it). */
async function addPasskeyOn(page: Page, base: string, name: string) {
  await page.goto(`${base}/keamanan-akun`);
  await page.getByLabel('Nama Passkey').fill(name);
  await page.getByRole('button', { name: 'Tambah Passkey' }).click();
  await expect(page.getByText('Passkey berhasil ditambahkan.')).toBeVisible();
}

/** Email and password on the admins' sign-in page. */
async function passwordSignIn(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Kata Sandi').fill(who.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

/** A server of its own (a requirement holds site-wide) and its first master, named by `key`. */
async function ownServerWithMaster(key: string, name: string) {
  const master = { email: `master.${key}@bem.test`, password: `sandi-master-${key}`, name };
  const own = await startOwnServer({
    ADMIN_EMAIL: master.email,
    ADMIN_PASSWORD: master.password,
    ADMIN_NAME: master.name,
  });
  return { own, master };
}

/** Turns the authenticator app on from Keamanan Akun; answers the secret and the recovery codes. */
async function enrolAuthenticator(page: Page, password: string, name: string) {
  await page.getByLabel('Kata Sandi Akun').fill(password);
  await page.getByRole('button', { name: 'Aktifkan Autentikator' }).click();
  await expect(
    page.getByRole('img', { name: 'Kode QR untuk aplikasi autentikator' }),
  ).toBeVisible();
  const secret = (await page.locator('.totp-secret').textContent())!;
  expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await shot(page, `${name}-setup`);
  await page.getByLabel('Kode Autentikator').fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Verifikasi dan Aktifkan' }).click();
  const list = page.getByRole('list', { name: 'Kode pemulihan' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await shot(page, `${name}-codes`);
  await page.getByRole('button', { name: 'Saya Sudah Menyimpannya' }).click();
  await expect(page.getByText('Status: aktif')).toBeVisible();
  return { secret, codes };
}

test(
  'an admin turns on the authenticator app, signs in with its code, and with each recovery code once',
  { tag: '@phone' },
  async ({ page }, info) => {
    const admin = await newAdmin();
    await signIn(page, '/login', admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/keamanan-akun');
    await expect(page.getByRole('heading', { name: 'Aplikasi Autentikator (2FA)' })).toBeVisible();
    const { secret, codes } = await enrolAuthenticator(
      page,
      admin.password,
      `totp-${info.project.name}`,
    );

    // The password alone no longer signs in: the code step follows.
    await logout(page);
    await signIn(page, '/login', admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Verifikasi Dua Langkah' })).toBeVisible();
    await expect(page.getByLabel('Kode Autentikator')).toBeFocused();
    expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
    await shot(page, `code-step-${info.project.name}`);
    await page.getByLabel('Kode Autentikator').fill('12');
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await expect(page.getByText('Kode autentikator terdiri dari 6 angka.')).toBeVisible();
    await page.getByLabel('Kode Autentikator').fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // A recovery code works once: the second time it is refused.
    for (const attempt of ['first', 'again'] as const) {
      await logout(page);
      await signIn(page, '/login', admin.email, admin.password);
      await page.getByRole('button', { name: 'Pakai kode pemulihan' }).click();
      await page.getByLabel('Kode Pemulihan').fill(codes[0]!);
      await page.getByRole('button', { name: 'Verifikasi' }).click();
      if (attempt === 'first') await expect(page).toHaveURL(/\/admin$/);
      else {
        await expect(
          page.getByText('Kode pemulihan salah atau sudah pernah dipakai.'),
        ).toBeVisible();
        await expect(page).toHaveURL(/\/login$/);
      }
    }
    // Another code (typed without its dash) still works.
    await page.getByLabel('Kode Pemulihan').fill(codes[1]!.replace('-', ''));
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  },
);

test('a voter may not turn on an authenticator app: only passkeys are offered', async ({
  page,
}) => {
  await registerAndConfirm(page, newVoter());
  await page.goto('/keamanan-akun');
  await expect(page.getByRole('heading', { name: 'Passkey', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aplikasi Autentikator (2FA)' })).toHaveCount(0);
  const res = await page.request.post('/api/auth/two-factor/enable', {
    data: { password: 'apa-saja-123' },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).error.message).toMatch(/hanya untuk admin dan panitia/);
});

test(
  'a voter adds a passkey, renames it, signs in with it, and removes it',
  { tag: '@phone' },
  async ({ page }, info) => {
    const { cdp, authenticatorId } = await addAuthenticator(page);
    const v = newVoter();
    await registerAndConfirm(page, v);
    await page.goto('/keamanan-akun');
    await expect(page.getByText('Belum ada passkey.')).toBeVisible();
    await page.getByLabel('Nama Passkey').fill('Laptop Uji');
    await page.getByRole('button', { name: 'Tambah Passkey' }).click();
    await expect(page.getByText('Passkey berhasil ditambahkan.')).toBeVisible();
    const list = page.getByRole('list', { name: 'Daftar passkey' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Laptop Uji');
    await expect(list).toContainText('Ditambahkan');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe('localhost');

    await page.getByRole('button', { name: 'Ubah nama Laptop Uji' }).click();
    await page.getByLabel('Nama baru untuk Laptop Uji').fill('HP Pribadi');
    await page.getByRole('button', { name: 'Simpan Nama' }).click();
    await expect(list).toContainText('HP Pribadi');
    await shot(page, `passkeys-${info.project.name}`);

    // Signing in with it: no email, no password. (In a browser without passkey suggestions in the
    // email field, where the button is the way; the suggestions are the admins' test below.)
    await logout(page);
    await page.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
        value: () => Promise.resolve(false),
      });
    });
    await page.goto('/login-pemilih');
    await page.getByRole('button', { name: 'Masuk dengan Passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard-pemilih$/);
    expect((await (await page.request.get('/api/me')).json()).user.email).toBe(v.email);

    // Removed (after a confirmation), it signs in no more.
    await page.goto('/keamanan-akun');
    await page.getByRole('button', { name: 'Hapus HP Pribadi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hapus passkey?' });
    await dialog.getByRole('button', { name: 'Ya, Hapus' }).click();
    await expect(page.getByText('Belum ada passkey.')).toBeVisible();
    await logout(page);
    await page.goto('/login-pemilih');
    await page.getByRole('button', { name: 'Masuk dengan Passkey' }).click();
    await expect(
      page.getByText('Passkey tidak dikenal. Masuk dengan email dan kata sandi.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login-pemilih$/);
  },
);

test('when the master requires 2FA, an admin without it is held on Keamanan Akun until enrolled, and the master can reset it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { own, master } = await ownServerWithMaster('wajib', 'Master Wajib');
  try {
    const api = await client(own.url);
    await ok(api.post('/api/auth/sign-in/email', { data: master }));
    // The master turns it on for themselves first (the server refuses otherwise).
    const refused = await api.put('/api/site/security', {
      data: { requireTotpForAdmins: true, requirePasskeyForAdmins: false },
    });
    expect(refused.status()).toBe(409);
    const { totpURI } = await ok<{ totpURI: string }>(
      api.post('/api/auth/two-factor/enable', { data: { password: master.password } }),
    );
    const masterSecret = new URL(totpURI).searchParams.get('secret')!;
    await ok(
      api.post('/api/auth/two-factor/verify-totp', { data: { code: await codeFor(masterSecret) } }),
    );
    await ok(
      api.put('/api/site/security', {
        data: { requireTotpForAdmins: true, requirePasskeyForAdmins: false },
      }),
    );

    const admin = await newAdmin(own.url, api, (email) =>
      own.mailedLink(email, /https?:\/\/\S+\/lupa-sandi\?token=[A-Za-z0-9]+/),
    );
    await passwordSignIn(page, own.url, admin);
    await expect(page).toHaveURL(/\/keamanan-akun$/);
    await expect(page.getByText(/Master admin mewajibkan aplikasi autentikator/)).toBeVisible();
    // Held: the admin area sends them back, and the server refuses their admin requests.
    await page.goto(`${own.url}/admin`);
    await expect(page).toHaveURL(/\/keamanan-akun$/);
    expect((await page.request.get(`${own.url}/api/admins/me`)).status()).toBe(403);
    expect((await page.request.get(`${own.url}/api/activity`)).status()).toBe(403);

    await enrolAuthenticator(page, admin.password, 'held');
    await page.goto(`${own.url}/admin`);
    await expect(page).toHaveURL(/\/admin$/);
    expect((await page.request.get(`${own.url}/api/admins/me`)).status()).toBe(200);

    // Lost the phone: the master resets it from Kelola Admin; the admin is signed out everywhere.
    const masterPage = await page.context().browser()!.newPage();
    await passwordSignIn(masterPage, own.url, master);
    await masterPage.getByLabel('Kode Autentikator').fill(await codeFor(masterSecret));
    await masterPage.getByRole('button', { name: 'Verifikasi' }).click();
    await expect(masterPage).toHaveURL(/\/admin$/);
    await expect(masterPage.getByLabel('Wajibkan 2FA untuk admin')).toBeChecked();
    await shot(masterPage, 'master-dashboard');
    await masterPage.goto(`${own.url}/admin/kelola-admin`);
    const row = masterPage.getByRole('listitem', { name: 'Admin Dua Langkah' });
    await expect(row).toContainText('2FA: aktif');
    await row.getByRole('button', { name: 'Reset 2FA' }).click();
    await masterPage
      .getByRole('dialog', { name: /Reset 2FA/ })
      .getByRole('button', { name: 'Ya, Reset 2FA' })
      .click();
    await expect(masterPage.getByText(/2FA dan passkey Admin Dua Langkah direset/)).toBeVisible();
    await expect(row).toContainText('2FA: tidak aktif');
    await shot(masterPage, 'kelola-admin');
    await masterPage.close();
    expect((await (await page.request.get(`${own.url}/api/me`)).json()).user).toBeNull();
  } finally {
    await own.stop();
    own.remove();
  }
});

test('when the master requires passkeys, an admin who has one signs in with it, never with the password alone', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { own, master } = await ownServerWithMaster('passkey', 'Master Passkey');
  // Each person their own browser and device (a virtual authenticator of their own).
  const masterContext = await browser.newContext();
  try {
    // Signed in before the requirement (after it, only the passkey signs the master in).
    const api = await client(own.url);
    await ok(api.post('/api/auth/sign-in/email', { data: master }));
    const masterPage = await masterContext.newPage();
    await addAuthenticator(masterPage);
    await passwordSignIn(masterPage, own.url, master);
    await expect(masterPage).toHaveURL(/\/admin$/);
    await addPasskeyOn(masterPage, own.url, 'Laptop Master');
    await masterPage.goto(`${own.url}/admin`);
    await masterPage.getByLabel('Wajibkan passkey untuk admin').check();
    await masterPage.getByRole('button', { name: 'Simpan Pengaturan Keamanan' }).click();
    await expect(masterPage.getByText('Pengaturan keamanan admin disimpan.')).toBeVisible();

    const admin = await newAdmin(own.url, api, (email) =>
      own.mailedLink(email, /https?:\/\/\S+\/lupa-sandi\?token=[A-Za-z0-9]+/),
    );
    // No passkey yet: the password lets them in, held on Keamanan Akun until they add one.
    await addAuthenticator(page);
    await passwordSignIn(page, own.url, admin);
    await expect(page).toHaveURL(/\/keamanan-akun$/);
    await expect(page.getByText(/Master admin mewajibkan passkey/)).toBeVisible();
    await addPasskeyOn(page, own.url, 'Laptop Admin');
    await page.goto(`${own.url}/admin`);
    await expect(page).toHaveURL(/\/admin$/);

    // From now on the password alone is refused, with the way in named (here: someone with the
    // password on another computer).
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await passwordSignIn(other, own.url, admin);
      await expect(
        other.getByText(
          'Master admin mewajibkan passkey untuk setiap admin: masuk dengan tombol "Masuk dengan Passkey", bukan dengan kata sandi.',
        ),
      ).toBeVisible();
      await expect(other).toHaveURL(/\/login$/);
      expect((await (await other.request.get(`${own.url}/api/me`)).json()).user).toBeNull();
      await shot(other, 'passkey-required-login');
    } finally {
      await elsewhere.close();
    }

    // Their own browser offers the passkey in the email field's suggestions (the virtual
    // authenticator picks it at once): signed in, and the admin area opens.
    await logout(page);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto(`${own.url}/login`);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard BEM' })).toBeVisible();
    expect((await page.request.get(`${own.url}/api/admins/me`)).status()).toBe(200);
  } finally {
    await masterContext.close();
    await own.stop();
    own.remove();
  }
});

test(
  'after a password sign-in someone without a passkey is offered one, on the page it lands on, once',
  { tag: '@phone' },
  async ({ page }, info) => {
    const { cdp, authenticatorId } = await addAuthenticator(page);
    const offer = page.getByRole('region', { name: 'Masuk lebih cepat dengan passkey' });
    const greeting = page.getByRole('heading', { level: 1, name: /Halo/ });
    const v = newVoter();
    await registerAndConfirm(page, v);
    // The confirmation link signed them in: no offer there (it follows a password sign-in).
    await expect(greeting).toBeVisible();
    await expect(offer).toHaveCount(0);

    // Offered on the landing page, arriving with it (nothing on the page moves), above it.
    await logout(page);
    await signIn(page, '/login-pemilih', v.email, v.password);
    await expect(page).toHaveURL(/\/dashboard-pemilih$/);
    await expect(offer).toBeVisible();
    await expect(greeting).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThan(0.02);
    await expectNoSideScroll(page);
    await shot(page, `passkey-offer-${info.project.name}`);
    // "Nanti Saja" closes it; the keyboard goes on from the page's content; a reload does not
    // bring it back.
    await offer.getByRole('button', { name: 'Nanti Saja' }).click();
    await expect(offer).toHaveCount(0);
    await expect(page.locator('#main')).toBeFocused();
    await page.reload();
    await expect(greeting).toBeVisible();
    await expect(offer).toHaveCount(0);

    // Going elsewhere is an answer too: it is not there on coming back.
    await logout(page);
    await signIn(page, '/login-pemilih', v.email, v.password);
    await expect(offer).toBeVisible();
    await offer.getByRole('link', { name: 'Keamanan Akun' }).click();
    await expect(page).toHaveURL(/\/keamanan-akun$/);
    await expect(offer).toHaveCount(0);
    await page.goBack();
    await expect(greeting).toBeVisible();
    await expect(offer).toHaveCount(0);

    // Offered again at the next sign-in, and made right there.
    await logout(page);
    await signIn(page, '/login-pemilih', v.email, v.password);
    await offer.getByRole('button', { name: 'Buat Passkey' }).click();
    await expect(offer.getByText(/Passkey tersimpan di perangkat ini\./)).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await offer.getByRole('button', { name: 'Tutup' }).click();
    await expect(offer).toHaveCount(0);

    // With a passkey, a password sign-in offers nothing.
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    await logout(page);
    await signIn(page, '/login-pemilih', v.email, v.password);
    await expect(greeting).toBeVisible();
    await expect(offer).toHaveCount(0);
  },
);

test('"Jangan Tawarkan Lagi" ends the offer on this device for good', async ({ page }) => {
  await addAuthenticator(page);
  const offer = page.getByRole('region', { name: 'Masuk lebih cepat dengan passkey' });
  const v = newVoter();
  await registerAndConfirm(page, v);
  await logout(page);
  await signIn(page, '/login-pemilih', v.email, v.password);
  await offer.getByRole('button', { name: 'Jangan Tawarkan Lagi' }).click();
  await expect(offer).toHaveCount(0);
  await logout(page);
  await signIn(page, '/login-pemilih', v.email, v.password);
  await expect(page.getByRole('heading', { level: 1, name: /Halo/ })).toBeVisible();
  await expect(offer).toHaveCount(0);
});

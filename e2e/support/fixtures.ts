import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

/** A unique, valid voter for one test (random NIM: workers run in parallel). */
export function newVoter() {
  const nim = `1${crypto.randomInt(0, 1_000_000_000).toString().padStart(9, '0')}`;
  return {
    namaLengkap: 'Ayu Wulandari',
    nim,
    prodi: 'Elektronika Instrumentasi',
    email: `ayu${nim}@mahasiswa.test`,
    password: 'sandi-pemilih-1',
  };
}

export type Voter = ReturnType<typeof newVoter>;

/** Fills and sends the voter registration form. */
export async function registerThroughForm(page: Page, v: Voter, confirm = v.password) {
  await page.goto('/register-pemilih');
  await page.getByLabel('Nama Lengkap').fill(v.namaLengkap);
  await page.getByLabel('NIM').fill(v.nim);
  await page.getByLabel('Program Studi').selectOption(v.prodi);
  await page.getByLabel('Email').fill(v.email);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(v.password);
  await page.getByLabel('Konfirmasi Kata Sandi').fill(confirm);
  await page.getByRole('button', { name: 'Daftar' }).click();
}

/**
 * Registers through the form and opens the confirmation link mailed to the student, as they
 * would: they are then signed in on the voter dashboard.
 */
export async function registerAndConfirm(page: Page, v: Voter) {
  await registerThroughForm(page, v);
  await expect(page.getByText('Periksa email Anda.')).toBeVisible();
  await page.goto(await confirmationLink(v.email));
  await expect(page).toHaveURL(/\/dashboard-pemilih$/);
}

/** The confirmation link of the newest registration mail to an address (its path and query). */
export async function confirmationLink(email: string) {
  const mail = await waitForMail(email, /\/konfirmasi-email\?token=/);
  const url = new URL(/https?:\/\/\S*\/konfirmasi-email\?token=\S+/.exec(mail.text)![0]);
  return url.pathname + url.search;
}

/**
 * Registers a voter through the API and, when it is accepted, opens the mailed confirmation link
 * with the same client (which is then signed in as them). Returns the registration's answer.
 */
export async function registerByApi(api: APIRequestContext, v: Voter): Promise<APIResponse> {
  const res = await api.post('/api/voters/register', {
    data: { ...v, confirmPassword: v.password },
  });
  if (res.status() !== 202) return res;
  const token = new URL(await confirmationLink(v.email), 'http://x').searchParams.get('token')!;
  const confirmed = await api.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(confirmed.status()).toBe(200);
  return res;
}

/** Registers a voter straight through the API and confirms the address (for tests about something else). */
export async function registerThroughApi(page: Page, v: Voter) {
  expect((await registerByApi(page.request, v)).status()).toBe(202);
  await page.context().clearCookies();
}

/** Signs in on one of the sign-in screens. */
export async function signIn(
  page: Page,
  screen: '/login' | '/login-pemilih',
  email: string,
  password: string,
) {
  await page.goto(screen);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Kata Sandi').fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

/** Logs out through the account menu (desktop) or the hamburger menu (phone). */
export async function logout(page: Page) {
  const hamburger = page.getByRole('button', { name: 'Menu', exact: true });
  if (await hamburger.isVisible()) {
    await hamburger.click();
    await page.locator('#site-nav').getByRole('button', { name: 'Logout' }).click();
  } else {
    await page.getByRole('button', { name: 'Menu akun' }).click();
    await page.locator('#account-menu').getByRole('button', { name: 'Logout' }).click();
  }
}

/**
 * Waits for the newest mail the server sent to an address (caught by the loopback SMTP server),
 * whose text matches `match` when given.
 */
export async function waitForMail(
  to: string,
  match?: RegExp,
  timeoutMs = 15_000,
): Promise<{ subject: string; text: string }> {
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Files are named by arrival time: the newest match is the last one.
    const names = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    for (const f of names.sort().reverse()) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as {
        to: string[];
        subject: string;
        text: string;
      };
      if (mail.to.includes(to.toLowerCase()) && (!match || match.test(mail.text))) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The top bar offers Login (inside the hamburger menu on a phone). */
export async function expectSignedOut(page: Page) {
  const hamburger = page.getByRole('button', { name: 'Menu', exact: true });
  if (await hamburger.isVisible()) await hamburger.click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu akun' })).toHaveCount(0);
  if (await hamburger.isVisible()) await hamburger.click();
}

/** The page fits its width: nothing scrolls sideways. */
export async function expectNoSideScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

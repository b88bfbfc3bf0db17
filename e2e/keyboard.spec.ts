import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts.ts';
import { sharedA11ySite } from './support/a11y-site.ts';
import { settle, unwiredFieldErrors } from './support/axe.ts';
import { boothLink } from './support/booth.ts';

/**
 * The key flows with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, Escape; no
 * pointer): every stop shows where the focus is, dialogs and menus take the focus and give it
 * back, errors and save messages are announced.
 */

/**
 * Whether the focused element shows it: an outline on it or on the element that wraps it, whose
 * colour stands out 3:1 from the background around it (WCAG 1.4.11).
 */
function focusShown(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { shown: false, what: 'nothing focused' };
    const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const f = (v: number) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let node: HTMLElement | null = el;
    for (let depth = 0; node && depth < 4; depth++, node = node.parentElement) {
      const s = getComputedStyle(node);
      if (s.outlineStyle === 'none' || parseFloat(s.outlineWidth) < 2) continue;
      // The background the ring is drawn on: the first ancestor with a colour (a gradient band
      // cannot be measured here, so it is not judged).
      for (let bg = node.parentElement; bg; bg = bg.parentElement) {
        const b = getComputedStyle(bg);
        if (b.backgroundImage !== 'none') return { shown: true, what };
        const colour = rgb(b.backgroundColor);
        if (colour.length === 3 || (colour.length === 4 && colour[3]! > 0.9)) {
          const [hi, lo] = [luminance(rgb(s.outlineColor)), luminance(colour)].sort(
            (a, b) => b - a,
          );
          const ratio = (hi! + 0.05) / (lo! + 0.05);
          return ratio >= 3
            ? { shown: true, what }
            : { shown: false, what: `${what} (ring ${ratio.toFixed(2)}:1)` };
        }
      }
      return { shown: true, what };
    }
    return { shown: false, what };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the focus
 * is visible; fails when `target` is not reached within `max` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  const unseen: string[] = [];
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      expect(unseen, 'stops where the focus is not visible').toEqual([]);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focus = await focusShown(page);
    if (!focus.shown) unseen.push(focus.what);
  }
  throw new Error(`not reached with the keyboard in ${max} presses: ${target.toString()}`);
}

const LIVE = '[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])';

/**
 * Starts noting what screen readers would announce: text that arrives inside a live region that
 * was already in the page (a region that arrives together with its text is not spoken reliably).
 */
async function recordAnnouncements(page: Page) {
  await page.evaluate((live) => {
    const known = new WeakSet<Element>(document.querySelectorAll(live));
    const heard: string[] = [];
    (window as unknown as { __heard: string[] }).__heard = heard;
    new MutationObserver((records) => {
      for (const r of records) {
        const at = r.target instanceof Element ? r.target : r.target.parentElement;
        const region = at?.closest(live);
        if (region && known.has(region) && region.textContent?.trim())
          heard.push(region.textContent.trim());
      }
      for (const el of document.querySelectorAll(live)) known.add(el);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, LIVE);
}

const announcements = (page: Page) =>
  page.evaluate(() => (window as unknown as { __heard: string[] }).__heard);

/** Whether the focus is inside `container`. */
const focusInside = (container: Locator) =>
  container.evaluate((el) => el.contains(document.activeElement));

test(
  'a voter signs in and votes with the keyboard alone',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.setTimeout(240_000);
    const site = await sharedA11ySite();
    const voter = site.ballotVoters[info.project.name === 'phone' ? 1 : 0]!;

    await page.goto('/login-pemilih');
    await settle(page);
    // The first stop skips the top bar.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Langsung ke konten' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(voter.email);
    await tabTo(page, page.getByLabel('Kata Sandi'));
    await page.keyboard.type(voter.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard-pemilih$/);
    await settle(page);

    // The account menu (or the phone's menu) opens with the keyboard and gives the focus back.
    const phone = await page.getByRole('button', { name: 'Menu', exact: true }).isVisible();
    const menuButton = page.getByRole('button', {
      name: phone ? 'Menu' : 'Menu akun',
      exact: true,
    });
    await tabTo(page, menuButton, { back: true });
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    if (!phone) await expect(page.locator('#account-menu a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    await tabTo(page, page.getByRole('link', { name: 'Pilih sekarang' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/voting/${site.elections.open.electionId}$`));
    await settle(page);

    // Come without the mailed link: the booth asks for the credential from the mail, typed in.
    const { credential } = await boothLink(voter.email, site.elections.open.electionId);
    await tabTo(page, page.getByLabel('Kredensial', { exact: true }));
    await page.keyboard.type(credential);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('radio', { name: /^Nomor 1:/ })).toBeVisible({ timeout: 30_000 });

    // One stop for the choices; the arrows choose.
    await tabTo(page, page.getByRole('radio', { name: /^Nomor 1:/ }));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: /^Nomor 2:/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^Nomor 2:/ })).toBeFocused();

    const send = page.getByRole('button', { name: 'Kirim Suara' });
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Kirim suara ini?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Nomor 2');
    // The focus goes into the dialog and stays there, both ways round.
    expect(await focusInside(dialog)).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `after ${key}`).toBe(true);
      expect((await focusShown(page)).shown).toBe(true);
    }
    // Escape closes it and gives the focus back to Kirim Suara.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(send).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // "Ya, Kirim" waits for the ballot to be encrypted: its code is shown (and announced) then.
    await expect(dialog.getByTestId('kode-surat-suara')).toBeVisible({ timeout: 30_000 });
    await tabTo(page, dialog.getByRole('button', { name: 'Ya, Kirim' }), { max: 4 });
    await page.keyboard.press('Space');
    await expect(page.getByText('Kode Bukti')).toBeVisible();
    await expect(page.getByTestId('kode-bukti')).toHaveText(/\S{8,}/);
    // The receipt takes the focus, so a screen reader reads it.
    await expect(page.getByRole('heading', { name: 'Suara Anda sudah tercatat' })).toBeFocused();
  },
);

test(
  'an admin adds a service with the keyboard alone; errors and the save are announced',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.setTimeout(240_000);
    await page.goto('/login');
    await settle(page);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(E2E_ADMIN.email);
    await tabTo(page, page.getByLabel('Kata Sandi'));
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto('/admin/layanan');
    await settle(page);
    const add = page.getByRole('button', { name: 'Tambah Layanan' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    // The form takes the focus at its heading.
    await expect(page.getByRole('heading', { name: 'Tambah Layanan' })).toBeFocused();

    // Sent empty: the errors are announced, tied to their fields, and the first takes the focus.
    const save = page.getByRole('button', { name: 'Simpan Layanan' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    const name = page.getByLabel('Nama Layanan');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    const described = (await name.getAttribute('aria-describedby')) ?? '';
    const error = page.locator(`[id="${described.split(' ')[0]}"]`);
    await expect(error).toHaveText('Nama layanan wajib diisi.');
    await expect(error).toHaveAttribute('role', 'alert');
    expect(await unwiredFieldErrors(page, 'Tambah Layanan')).toEqual([]);

    const title = `Layanan Papan Ketik ${info.project.name} ${Date.now()}`;
    await page.keyboard.type(title);
    const category = page.getByLabel('Kategori');
    await tabTo(page, category);
    await page.keyboard.press('ArrowDown');
    await expect(category).toHaveValue('Advokasi & Kesejahteraan');
    await tabTo(page, save);
    await recordAnnouncements(page);
    await page.keyboard.press('Enter');

    // The save message is shown and announced: its text arrives in a live region already in the
    // page. The focus is back on the button that opened the form.
    const message = `Layanan "${title}" disimpan.`;
    await expect(page.locator('main').getByText(message)).toBeVisible();
    await expect.poll(() => announcements(page)).toContain(message);
    await expect(add).toBeFocused();
  },
);

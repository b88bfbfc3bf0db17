import { expect, test, type Page } from '@playwright/test';
import { lockedElectionThroughApi } from './support/election-api.ts';
import { signIn } from './support/fixtures.ts';

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, viewport] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(viewport);
}

test(
  'a voter reads the candidates and votes, at this project’s screen width',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.setTimeout(240_000);
    const { electionId, voters } = await lockedElectionThroughApi({ voters: 1, opensInMs: 25_000 });
    const v = voters[0]!;
    await signIn(page, '/login-pemilih', v.email, v.password);
    await expect(page).toHaveURL(/\/dashboard-pemilih$/);
    await page.goto(`/voting/${electionId}`);
    // Before the polls open: the start time, then the ballot appears by itself.
    await expect(page.getByText(/dibuka pada/i)).toBeVisible();
    const first = page.getByRole('radio', { name: 'Nomor 1: Andi Saputra dan Budi Hartono' });
    await expect(first).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('img[src^="data:image/jpeg"]')).toHaveCount(2);
    await expect(page.getByText(/Transparansi anggaran/)).toHaveCount(2);
    const vision = page.getByText(/terbuka, melayani dan berprestasi bersama Citra/);
    await expect(vision).toBeHidden();
    await page.getByText('Visi dan misi').nth(1).click();
    await expect(vision).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: info.outputPath('ballot.png'), fullPage: true });

    await page.getByRole('radio', { name: 'Nomor 2: Citra Lestari dan Dewi Anggraini' }).check();
    await page.getByRole('button', { name: 'Kirim Suara' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Citra Lestari');
    await page.screenshot({ path: info.outputPath('confirm.png') });
    await page.getByRole('button', { name: 'Ya, Kirim' }).click();
    await expect(page.getByText('Kode Bukti')).toBeVisible();
    await expect(page.getByTestId('kode-bukti')).toHaveText(/\S{8,}/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: info.outputPath('receipt.png'), fullPage: true });

    // The dashboard now says when this voter voted, never what.
    await page.goto('/dashboard-pemilih');
    await expect(page.getByText(/Anda sudah memilih pada/).first()).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Citra Lestari');
  },
);

import { expect, test } from '@playwright/test';
import { electionThroughApi } from './support/election-api.ts';
import { signIn, waitForMail } from './support/fixtures.ts';
import { step } from './support/journey.ts';

test(
  'a student who heard of an election studies its candidates before signing in, and finds how to register',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.setTimeout(180_000);
    const e = await electionThroughApi({ voters: 1, opensInMs: 3_600_000 });

    // E-Voting offers both ways in, side by side.
    await page.goto('/pemilihan');
    await expect(page.getByRole('link', { name: 'Masuk sebagai pemilih' })).toBeVisible();
    const register = page.getByRole('link', { name: 'Daftar sebagai pemilih' });
    await expect(register).toHaveAttribute('href', '/register-pemilih');
    await step(page, info, '1 e-voting, signed out');

    // The election's card leads to its candidates, for anyone: photo, both names, vision and
    // mission in full, in ballot order.
    const card = page.getByRole('article', { name: e.title });
    await card.getByRole('link', { name: 'Lihat kandidat' }).click();
    await expect(page).toHaveURL(`/pemilihan/${e.electionId}/kandidat`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Kandidat ${e.title}`);
    const pairs = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(pairs.getByRole('heading', { level: 3 })).toHaveText([
      'Andi Saputra & Budi Hartono',
      'Citra Lestari & Dewi Anggraini',
    ]);
    const first = pairs.first();
    await expect(first.getByText('Nomor urut 1')).toBeVisible();
    await expect(
      first.getByRole('img', { name: 'Foto Andi Saputra & Budi Hartono' }),
    ).toBeVisible();
    await expect(first.getByText('2. Program kerja yang terukur.')).toBeVisible();
    await expect(page.getByText(/Pemungutan suara dibuka pada/)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await step(page, info, '2 candidates, signed out');

    // The student was told by mail when verified, and when the election was locked: its
    // schedule and the booth's link with their credential.
    const voter = e.voters[0]!;
    const verified = await waitForMail(voter.email, /sudah diverifikasi/);
    expect(verified.subject).toBe('Pendaftaran pemilih Anda sudah diverifikasi');
    expect(verified.text).toContain('/dashboard-pemilih');
    const credential = await waitForMail(
      voter.email,
      new RegExp(`/voting/${e.electionId}#kredensial=`),
      75_000,
    );
    expect(credential.text).toMatch(/Pemungutan suara dibuka .* WIB sampai .* WIB/);
    expect(credential.text).toContain(`"${e.title}"`);

    // Signed in, the voter's own state replaces the sign-in buttons.
    await signIn(page, '/login-pemilih', voter.email, voter.password);
    await expect(page).toHaveURL(/\/dashboard-pemilih$/);
    await page.goto('/pemilihan');
    const status = page.getByRole('region', { name: 'Status Anda sebagai pemilih' });
    await expect(status.getByText('Terverifikasi')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Masuk sebagai pemilih' })).toHaveCount(0);
    await expect(status.getByRole('link', { name: 'Dashboard Pemilih' })).toBeVisible();
    await step(page, info, '3 e-voting, signed in');

    // Before the polls open, the ballot shows the same profiles, photos and missions included.
    await page.goto(`/voting/${e.electionId}`);
    await expect(page.getByRole('heading', { name: 'Kandidat', exact: true })).toBeVisible();
    await expect(
      page.getByRole('img', { name: 'Foto Citra Lestari & Dewi Anggraini' }),
    ).toBeVisible();
    await expect(page.getByText('3. Ruang aspirasi.').first()).toBeVisible();
    await step(page, info, '4 ballot before the polls open');

    // A change that would cost the vote is named and confirmed first, and refused while the
    // student is on this election's locked roll, with the election named.
    await page.goto('/profil-pemilih');
    await expect(page.getByText(/Mengubah Nama Lengkap, NIM atau Program Studi/)).toBeVisible();
    const prodi = page.getByLabel('Program Studi');
    const current = await prodi.inputValue();
    const other = await prodi
      .locator('option')
      .evaluateAll(
        (os, cur) => os.map((o) => (o as HTMLOptionElement).value).find((v) => v && v !== cur),
        current,
      );
    await prodi.selectOption(other!);
    await page.getByRole('button', { name: 'Simpan Perubahan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Simpan perubahan data diri?' });
    await expect(dialog).toContainText('Anda mengubah Program Studi.');
    await step(page, info, '5 profile change confirmed first', false);
    await dialog.getByRole('button', { name: 'Ya, Simpan' }).click();
    await expect(
      page.getByText(`sebagai pemilih pada pemilihan "${e.title}" yang belum berakhir`, {
        exact: false,
      }),
    ).toBeVisible();
    await page.goto('/dashboard-pemilih');
    await expect(page.getByTestId('voter-status')).toHaveText('Terverifikasi');
  },
);

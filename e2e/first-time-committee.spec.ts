import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ceremonyThroughApi } from './support/ceremony.ts';
import {
  requestApproved,
  secondMember,
  signedInMaster,
  verifiedVoter,
} from './support/election-api.ts';
import { waitForMail } from './support/fixtures.ts';
import { inDays, step } from './support/journey.ts';

test(
  'a first-time committee gets from its invitation mail to a locked election, guided by the checklist',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.setTimeout(240_000);
    const suffix = crypto.randomInt(100_000, 999_999);
    const title = `Pemilihan Perdana ${suffix}`;
    const email = `panitia.perdana.${suffix}@mahasiswa.test`;
    const password = 'sandi-panitia-perdana-1';

    // The request, its approval by the master, and a verified student the rule will match.
    const master = await signedInMaster();
    await requestApproved(master, {
      namaPemilihan: title,
      penyelenggara: 'HIMA Teknokimia Nuklir',
      waktuMulai: inDays(2),
      waktuSelesai: inDays(3),
      namaPemohon: 'Sari Pemohon',
      emailPemohon: email,
    });
    const student = await verifiedVoter(master);

    // The invitation mail carries the code and where to register.
    const invitation = await waitForMail(email, /Kode Undangan/);
    const code = /Kode Undangan: (\S+)/.exec(invitation.text)![1]!;
    expect(invitation.text).toContain('/register-panitia');
    await page.goto('/register-panitia');
    await page.getByLabel('Kode Undangan').fill(code);
    await page.getByLabel('Nama Lengkap').fill('Sari Pemohon');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Kata Sandi', { exact: true }).fill(password);
    await page.getByLabel('Konfirmasi Kata Sandi').fill(password);
    await step(page, info, '1 register with the code');
    await page.getByRole('button', { name: 'Daftar' }).click();

    // Ringkasan opens with the numbered way to the lock, each step linked to its tab.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const checklist = page.getByRole('region', { name: 'Langkah menuju pemungutan suara' });
    const stepsList = checklist.getByRole('list').first();
    await expect(stepsList.locator(':scope > li')).toHaveCount(5);
    await expect(stepsList.locator(':scope > li > .checklist-head > :first-child')).toHaveText([
      'Kandidat',
      'Aturan pemilih',
      'Jadwal',
      'Wali Kunci',
      'Kunci pemilihan',
    ]);
    await expect(checklist.getByText('Belum ada kandidat.')).toBeVisible();
    await expect(
      checklist.getByText(/diverifikasi oleh admin BEM, bukan oleh panitia/),
    ).toBeVisible();
    await expect(checklist.getByText(/dibuka dan ditutup otomatis sesuai jadwal/)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await step(page, info, '2 ringkasan, the checklist');

    // Step 1 from its link. An empty form: the focus goes to the first field in error.
    await checklist.getByRole('link', { name: 'Kandidat' }).click();
    await expect(page).toHaveURL(/\/kandidat$/);
    await page.getByRole('button', { name: 'Tambah Kandidat' }).click();
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('aria-invalid', 'true');
    await expect(focused).toBeInViewport();
    await step(page, info, '3 empty candidate form, focus on the first error', false);
    await page.getByLabel('Nama Ketua').fill('Galih Pratama');
    await page.getByLabel('Nama Wakil').fill('Hana Puspita');
    await page.getByLabel('Visi').fill('Himpunan yang terbuka dan melayani anggotanya.');
    await page.getByLabel('Misi').fill('1. Transparansi.\n2. Program kerja terukur.');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Kandidat (1)' })).toBeVisible();

    // Step 2: the rule in Pengaturan, then the roll it gives, before any lock.
    await page.getByRole('tab', { name: 'Ringkasan' }).click();
    await expect(
      checklist.locator('li', { hasText: 'Kandidat' }).first().getByText('Selesai'),
    ).toBeVisible();
    await checklist.getByRole('link', { name: 'Aturan pemilih' }).click();
    await expect(page).toHaveURL(/\/pengaturan$/);
    await page.getByLabel('Pemilih', { exact: true }).selectOption('all');
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await expect(page.getByText('Pengaturan tersimpan.')).toBeVisible();
    await page.getByRole('tab', { name: 'Pemilih' }).click();
    await expect(
      page.getByText(/pemilih terverifikasi yang cocok dengan aturan itu/),
    ).toBeVisible();
    await page.getByLabel('Cari NIM atau nama').fill(student.nim);
    const row = page.getByRole('row', { name: new RegExp(student.nim) });
    await expect(row).toContainText(student.namaLengkap);
    await expect(row).toContainText('Masuk daftar saat dikunci');
    await step(page, info, '4 the roll before the lock');
    // This committee settles on an imported list (DPT) of one student instead: the other tests'
    // verified students share this server.
    await page.getByRole('tab', { name: 'Pengaturan' }).click();
    await page.getByLabel('Pemilih', { exact: true }).selectOption('roll');
    await page.getByRole('button', { name: 'Simpan Pengaturan' }).click();
    await expect(page.getByText('Pengaturan tersimpan.')).toBeVisible();
    await page.getByRole('tab', { name: 'Pemilih' }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'dpt.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`NIM\n${student.nim}\n`),
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Ya, Terapkan' }).click();
    await expect(page.getByText('1 NIM ditetapkan sebagai daftar pemilih.')).toBeVisible();

    // Step 4: the key ceremony with a second committee member the master invites (their
    // browsers' cryptography done here, as the trustees spec does it in full).
    const electionId = /\/panitia\/([^/]+)/.exec(page.url())![1]!;
    const second = { email: `wali.perdana.${suffix}@mahasiswa.test`, password: 'sandi-wali-2' };
    await secondMember(master, electionId, { ...second, namaLengkap: 'Wulan Panitia' });
    await ceremonyThroughApi(electionId, [{ email, password }, second]);
    await page.getByRole('tab', { name: 'Ringkasan' }).click();
    await page.reload();
    for (const name of ['Kandidat', 'Aturan pemilih', 'Jadwal', 'Wali Kunci'])
      await expect(
        checklist.locator(':scope li', { has: page.getByText(name, { exact: true }) }).first(),
      ).toContainText('Selesai');
    await expect(
      checklist.getByText('Siap dikunci. Kunci pemilihan di tab Pengaturan.'),
    ).toBeVisible();
    await step(page, info, '5 ready to lock');

    // Step 5: the lock, whose dialog links to the roll it fixes.
    await checklist.getByRole('link', { name: 'Kunci pemilihan' }).click();
    await page.getByRole('button', { name: 'Kunci Pemilihan' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: 'Periksa daftar pemilih' })).toHaveAttribute(
      'href',
      `/panitia/${electionId}/pemilih`,
    );
    await dialog.getByRole('checkbox').check();
    await step(page, info, '6 the lock dialog', false);
    await dialog.getByRole('button', { name: 'Ya, Kunci' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('tab', { name: 'Ringkasan' }).click();
    await expect(page.getByRole('region', { name: 'Langkah menuju pemungutan suara' })).toHaveCount(
      0,
    );
    await expect(page.locator('.election-meta')).toContainText('Akan datang');

    // A way back from any public page: the account menu (in the phone's menu) lists the election.
    await page.goto('/berita');
    const phone = await page.getByRole('button', { name: 'Menu', exact: true }).isVisible();
    await page.getByRole('button', { name: phone ? 'Menu' : 'Menu akun', exact: true }).click();
    await page.getByRole('link', { name: `${title} (Panitia)` }).click();
    await expect(page).toHaveURL(new RegExp(`/panitia/${electionId}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await step(page, info, '7 back through the menu');
    await master.dispose();
  },
);

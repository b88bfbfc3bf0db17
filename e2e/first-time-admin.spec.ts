import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { client, ok, signedInMaster } from './support/election-api.ts';
import { newVoter, registerByApi, signIn, waitForMail } from './support/fixtures.ts';
import { inDays, step } from './support/journey.ts';

test(
  'a new master admin is told of pending work, finds it from the dashboard, and clears it',
  { tag: '@phone' },
  async ({ page }, info) => {
    test.setTimeout(180_000);
    const suffix = crypto.randomInt(100_000, 999_999);
    const title = `Pemilihan Tindakan ${suffix}`;
    const anonymous = await client();
    // A master admin new to the site: added by the first one, their password set from the mail.
    // (Their own mail quota too: the requests of the other journeys count against the first's.)
    const newcomer = {
      email: `master.baru.${suffix}@bem.test`,
      password: `sandi-master-${suffix}`,
    };
    const first = await signedInMaster();
    await ok(
      first.post('/api/admins', {
        data: { email: newcomer.email, namaLengkap: 'Master Baru', role: 'master' },
      }),
      201,
    );
    const invite = await waitForMail(newcomer.email, /lupa-sandi\?token=/);
    const token = /lupa-sandi\?token=([A-Za-z0-9]+)/.exec(invite.text)![1]!;
    await ok(
      anonymous.post('/api/auth/reset-password', {
        data: { newPassword: newcomer.password, token },
      }),
    );
    const student = newVoter();
    await ok(registerByApi(anonymous, student), 202);
    await ok(
      anonymous.post('/api/election-requests', {
        data: {
          namaPemilihan: title,
          penyelenggara: 'UKM Robotika',
          deskripsi: 'Pemilihan ketua unit kegiatan mahasiswa.',
          waktuMulai: inDays(5),
          waktuSelesai: inDays(6),
          namaPemohon: 'Tono Pemohon',
          emailPemohon: `tono.${suffix}@mahasiswa.test`,
        },
      }),
      201,
    );

    // The master is mailed about the request, with where to decide it.
    const notice = await waitForMail(newcomer.email, new RegExp(title));
    expect(notice.subject).toBe('Permohonan pemilihan baru menunggu keputusan');
    expect(notice.text).toContain('/admin-master/voting');

    // The dashboard opens on what waits, with links.
    await signIn(page, '/login', newcomer.email, newcomer.password);
    await expect(page).toHaveURL(/\/admin$/);
    const pending = page.getByRole('region', { name: 'Perlu tindakan' });
    const voters = pending.getByRole('link', { name: /pendaftar menunggu verifikasi$/ });
    const requests = pending.getByRole('link', {
      name: /permohonan pemilihan menunggu keputusan$/,
    });
    await expect(voters).toBeVisible();
    await expect(requests).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await step(page, info, '1 dashboard, perlu tindakan', false);

    // The registrations to verify: the student, verified, is told by mail.
    await voters.click();
    await expect(page).toHaveURL(/\/admin\/kelola-pemilih-terdaftar/);
    await page.getByLabel('Cari nama, NIM atau email').fill(student.nim);
    const row = page.getByRole('listitem', { name: `${student.namaLengkap} ${student.nim}` });
    await step(page, info, '2 the registration to verify');
    await row.getByRole('button', { name: 'Verifikasi' }).click();
    // The list shows those waiting: the student leaves it, and the page says what happened.
    await expect(row).toHaveCount(0);
    await expect(
      page.getByText(
        `${student.namaLengkap} (${student.nim}) diverifikasi dan diberi tahu lewat email.`,
      ),
    ).toBeVisible();
    const verified = await waitForMail(student.email, /sudah diverifikasi/);
    expect(verified.subject).toBe('Pendaftaran pemilih Anda sudah diverifikasi');

    // The request to decide, from the dashboard again.
    await page.goto('/admin');
    await requests.click();
    await expect(page).toHaveURL(/\/admin-master\/voting/);
    const request = page.getByRole('listitem').filter({ hasText: title });
    await request.getByRole('button', { name: 'Setujui' }).click();
    await page.getByRole('button', { name: 'Ya, Setujui' }).click();
    await expect(request.getByText('Kode Undangan:')).toBeVisible();
    await step(page, info, '3 the request approved');
    await Promise.all([anonymous.dispose(), first.dispose()]);
  },
);

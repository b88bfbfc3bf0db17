import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { namaLengkapField, namaTampilanField } from '../shared/schemas/account.ts';
import { electionSettingsSchema, rejectVoterSchema } from '../shared/schemas/election-setup.ts';
import { electionRequestSchema, rejectSchema } from '../shared/schemas/elections.ts';
import { periodInputSchema } from '../shared/schemas/structure.ts';
import {
  aboutSettingsSchema,
  footerSettingsSchema,
  type AboutSettings,
  type FooterSettings,
} from '../shared/site.ts';
import { E2E_MASTER } from './support/accounts.ts';
import { newVoter, registerByApi, waitForMail } from './support/fixtures.ts';
import {
  apiClient,
  escapeHtml,
  expectRefused,
  fit,
  inFuture,
  Inspector,
  letters,
  Ledger,
  markOf,
  ok,
  openSession,
  pdfBytes,
  plantEach,
  recordBrowserFigures,
  signInApi,
  unescapeHtml,
  type Plant,
  type Session,
} from './support/hostile.ts';
import { withSiteLock } from './support/site-lock.ts';
import { boothLink } from './support/booth.ts';
import { ceremonyThroughApi, decryptThroughApi } from './support/ceremony.ts';
import { XSS_CORPUS } from './support/xss-corpus.ts';

/**
 * Hostile text, seen from the browser (hostile uploads: hostile-uploads.spec.ts).
 *
 * Text: a corpus of XSS payloads (e2e/support/xss-corpus.ts) goes through the real API into
 * every text field a page renders; each page that shows them is opened by the role that sees it,
 * and must show them as text with nothing run: no dialog, no `window.__xss_<n>` marker, no CSP
 * report, no event-handler attribute, frame or foreign script in the document. What a field
 * refuses (its rule says so, in Indonesian) is counted as refused.
 *
 * Which page shows which field:
 *   /berita (+ ?q=)              article title, summary
 *   /berita/{slug}               article title (also the tab title and, written by the server,
 *                                the link preview meta), body, author (the admin's display name)
 *   /                            footer tagline, address, social links, supporter names (logo
 *                                alt); current period's cabinet, tagline and leaders; newest
 *                                articles and documents; open elections (title, organiser)
 *   /dokumen, /admin/dokumen     document title, description (the download name is sanitised)
 *   /layanan, /admin/layanan     service title, description, contact, hours (link: refused)
 *   /struktur, /admin/struktur   period label, cabinet, tagline; division name, description;
 *                                people's names and positions
 *   /tentang                     vision, mission items, history, address, office hours
 *   /pemilihan                   election title, organiser
 *   /admin                       recent activity (actor names), the account menu (display name)
 *   /admin/kelola-berita         article titles; the editor holds title and body
 *   /admin/kelola-pemilih-terdaftar  voter names, rejection reason
 *   /admin/histori               activity summaries (they quote the hostile titles), actor names
 *   /admin/kelola-admin          admin names
 *   /admin-master/voting         election requests (name, organiser, description, requester,
 *                                rejection reason); every election (title, organiser, committee)
 *   /panitia/{id}/…              title, organiser, committee names; candidates (names, vision);
 *                                the roll (voter names); settings (title)
 *   /dashboard-pemilih           the voter's name, rejection reason, election cards
 *   /voting/{id}                 title, organiser, candidates' names, vision and mission
 *   /hasil/{id}                  title, organiser, candidates' names (table and chart)
 *
 * It runs at desktop width only (playwright.config.ts): pages are also looked at 390 px wide
 * here, so the phone project would add nothing but time.
 */

test.describe.configure({ mode: 'serial' });

const figures: Record<string, number | string> = {};

test.afterAll(() => {
  if (!('views' in figures)) return;
  recordBrowserFigures(
    'browser-hostile-text',
    figures,
    `${figures.payloads} payloads × ${figures.fieldsTried} text fields: ` +
      `${figures.planted} planted values in ${figures.fieldsPlanted} fields, ` +
      `${figures.refused} refused with an Indonesian message; ${figures.textChecks} ` +
      `shown-as-text checks over ${figures.views} views of ${figures.pages} pages ` +
      `(${figures.phoneViews} also at 390 px), ${figures.executions} executions`,
  );
});

const SITE = 'BEM Poltek Nuklir';

/** Checks the link preview the server writes into /berita/{slug}: every value escaped. */
async function expectEscapedMeta(
  api: APIRequestContext,
  slug: string,
  title: string,
  summary: string,
) {
  const res = await api.get(`/berita/${slug}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = Object.fromEntries(
    [...head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [
      m[1]!,
      unescapeHtml(m[2]!),
    ]),
  );
  expect(meta['og:title'], slug).toBe(title);
  expect(meta['twitter:title'], slug).toBe(title);
  expect(meta['og:description'], slug).toBe(summary);
  expect(meta['twitter:description'], slug).toBe(summary);
  expect(meta['description'], slug).toBe(summary);
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles, slug).toHaveLength(1);
  expect(unescapeHtml(titles[0]![1]!)).toBe(`${title} · ${SITE}`);
  // The only markup in the head is the site's own: its module scripts (the app's, the page's
  // screen) from its own assets and the early-input script, no injected tags.
  const scripts = head.match(/<script\b[^>]*>/gi) ?? [];
  expect(scripts.length, slug).toBeGreaterThanOrEqual(2);
  for (const tag of scripts)
    expect(tag, slug).toMatch(
      /^(<script type="module" crossorigin src="\/assets\/[\w.-]+\.js">|<script src="\/early-input\.js" async>)$/,
    );
  expect(head, slug).not.toMatch(/<(img|svg|iframe|math|a|style|template|textarea)\b/i);
}

/**
 * Types `text` into a list's search field and waits for the filtered answer, so the pager that
 * follows pages through the filtered list, not the one shown before the search applied.
 */
async function searchList(page: Page, label: string, text: string) {
  const filtered = page.waitForResponse(
    (r) => r.ok() && new URL(r.url()).searchParams.get('q') === text,
  );
  await page.getByLabel(label).fill(text);
  await filtered;
}

test('hostile text in every field a page renders is shown as text and never runs', async ({
  browser,
}) => {
  test.setTimeout(720_000);
  const ledger = new Ledger();
  const look = new Inspector();
  const tag = `Uji${letters(5)}`;
  const cleanup: (() => Promise<unknown>)[] = [];
  const clients: APIRequestContext[] = [];

  const master = await apiClient();
  await signInApi(master, E2E_MASTER.email, E2E_MASTER.password);

  // ---- An admin of this run, whose display name is hostile (articles and Histori name it). ----
  const editor = { email: `redaksi.${tag.toLowerCase()}@bem.test`, password: 'sandi-redaksi-1' };
  await ok(
    master.post('/api/admins', {
      data: { email: editor.email, namaLengkap: `Redaksi ${tag}`, role: 'admin' },
    }),
  );
  const invite = await waitForMail(editor.email);
  const token = /\/lupa-sandi\?token=([A-Za-z0-9]+)/.exec(invite.text)![1]!;
  const admin = await apiClient();
  await ok(
    admin.post('/api/auth/reset-password', { data: { token, newPassword: editor.password } }),
  );
  await signInApi(admin, editor.email, editor.password);
  const tampilan = fit(ledger, 'profil-admin.namaTampilan', namaTampilanField, {
    max: 50,
    start: 10,
  });
  const lengkap = fit(ledger, 'profil-admin.namaLengkap', namaLengkapField, {
    max: 100,
    start: 22,
  });
  await expectRefused(
    admin.put('/api/admins/me', {
      data: {
        namaTampilan: tampilan.refused[0]!.text,
        namaLengkap: lengkap.refused[0]!.text,
        foto: '',
      },
    }),
    ['namaTampilan', 'namaLengkap'],
  );
  await ok(
    admin.put('/api/admins/me', {
      data: { namaTampilan: tampilan.value, namaLengkap: lengkap.value, foto: '' },
    }),
  );

  // Admins named by each payload (Kelola Admin lists them; only names' characters get in).
  await plantEach(ledger, 'admin', {
    tag,
    fields: ['namaLengkap'],
    safe: () => '',
    send: (v, p) =>
      master.post('/api/admins', {
        data: { ...v, email: `admin${p.n}.${tag.toLowerCase()}@bem.test`, role: 'admin' },
      }),
  });

  // ---- Articles: title, summary and body (the body as typed text and as raw HTML). ----
  const articles = await plantEach<{ id: string; slug: string; title: string; summary: string }>(
    ledger,
    'berita',
    {
      tag,
      fields: ['title', 'summary', 'body'],
      value: (f, p, end) =>
        f === 'body' ? `<p>${escapeHtml(p.text)}${end}</p>${p.text}` : `${p.text}${end}`,
      shown: (_f, p, end) => `${p.text}${end}`,
      safe: (_f, p) => `Berita aman ${tag} ${p.n}`,
      send: (v) =>
        admin.post('/api/admin/articles', {
          data: { ...v, category: 'Berita', cover: null, coverSmall: null, action: 'publish' },
        }),
    },
  );
  expect(articles).toHaveLength(XSS_CORPUS.length);
  for (const a of articles)
    cleanup.push(() => ok(admin.delete(`/api/admin/articles/${a.body.id}`), [200, 204]));

  // ---- Documents: title and description; the download name is sanitised, never shown raw. ----
  const upload = await ok<{ hash: string }>(
    admin.post('/api/uploads/documents', {
      multipart: {
        file: { name: 'laporan.pdf', mimeType: 'application/pdf', buffer: pdfBytes() },
      },
    }),
  );
  const documents = await plantEach<{ id: string; fileName: string }>(ledger, 'dokumen', {
    tag,
    fields: ['title', 'description'],
    safe: (f, p) => (f === 'title' ? `Dokumen aman ${tag} ${p.n}` : ''),
    send: (v, p) =>
      admin.post('/api/documents', {
        data: { ...v, category: 'Lainnya', file: upload.hash, fileName: p.text },
      }),
  });
  for (const d of documents) {
    expect(d.body.fileName, `download name of payload ${d.p.n}`).toMatch(
      /^[A-Za-z0-9_-][A-Za-z0-9 ._-]*\.pdf$/,
    );
    cleanup.push(() => ok(admin.delete(`/api/documents/${d.body.id}`), [200, 204]));
  }

  // ---- Services: title, description, contact, hours; the link takes no payload at all. ----
  const services = await plantEach<{ id: string }>(ledger, 'layanan', {
    tag,
    fields: ['title', 'description', 'contact', 'hours', 'link'],
    value: (f, p, end) => (f === 'link' ? p.text : `${p.text}${end}`),
    safe: (f, p) => (f === 'title' ? `Layanan aman ${tag} ${p.n}` : ''),
    send: (v) => admin.post('/api/services', { data: { ...v, category: 'Lainnya' } }),
  });
  for (const s of services)
    cleanup.push(() => ok(admin.delete(`/api/services/${s.body.id}`), [200, 204]));
  expect(ledger.of('layanan.link')).toEqual([]);

  // ---- Structure: one period, a division per payload, a person per payload. ----
  const label = fit(ledger, 'periode.label', periodInputSchema.shape.label, {
    max: 40,
    start: 20,
  });
  const cabinet = fit(ledger, 'periode.cabinetName', periodInputSchema.shape.cabinetName, {
    max: 120,
    start: 12,
  });
  const tagline = fit(ledger, 'periode.tagline', periodInputSchema.shape.tagline, {
    max: 300,
    start: 16,
  });
  await expectRefused(
    admin.post('/api/structure/periods', {
      data: {
        label: label.refused[0]!.text,
        cabinetName: cabinet.refused[0]!.text,
        tagline: tagline.refused[0]!.text,
      },
    }),
    ['label', 'cabinetName', 'tagline'],
  );
  const period = await ok<{ id: string }>(
    admin.post('/api/structure/periods', {
      data: { label: label.value, cabinetName: cabinet.value, tagline: tagline.value },
    }),
  );
  // It may be the current period by then (when there was none): removed under the site lock, so
  // a spec that found it current puts it back before it goes.
  cleanup.push(() =>
    withSiteLock(() => ok(admin.delete(`/api/structure/periods/${period.id}`), [200, 204])),
  );
  const divisions = await plantEach<{ id: string }>(ledger, 'divisi', {
    tag,
    fields: ['name', 'description'],
    safe: (f, p) => (f === 'name' ? `Divisi aman ${p.n}` : ''),
    send: (v) => admin.post(`/api/structure/periods/${period.id}/divisions`, { data: v }),
  });
  const isLeader = (n: number) => n % 3 === 0;
  await plantEach(ledger, 'pengurus', {
    tag,
    fields: ['name', 'position'],
    safe: (f, p) => (f === 'name' ? `Pengurus aman ${p.n}` : `Jabatan aman ${p.n}`),
    send: (v, p) =>
      admin.post(`/api/structure/periods/${period.id}/members`, {
        data: { ...v, divisionId: isLeader(p.n) ? null : divisions[0]!.body.id, photo: null },
      }),
  });

  // ---- Voters: only names' characters get in; the first is refused with a hostile reason. ----
  const people: { email: string; nim: string; namaLengkap: string; userId: string }[] = [];
  await plantEach(ledger, 'pemilih', {
    tag,
    fields: ['namaLengkap'],
    safe: () => '',
    send: async (v) => {
      const voter = { ...newVoter(), namaLengkap: v.namaLengkap! };
      const anon = await apiClient();
      clients.push(anon);
      const res = await registerByApi(anon, voter);
      if (res.status() === 202) {
        const found = await ok<{ items: { userId: string }[] }>(
          admin.get(`/api/voters?q=${voter.nim}`),
        );
        people.push({ ...voter, userId: found.items[0]!.userId });
      }
      return res;
    },
  });
  const [refusedVoter, ...verifiedVoters] = people;
  expect(verifiedVoters.length).toBeGreaterThan(0);
  const voterReason = fit(ledger, 'pemilih.alasan', rejectVoterSchema.shape.alasan, {
    max: 300,
    start: 13,
  });
  await expectRefused(
    admin.post(`/api/voters/${refusedVoter!.userId}/reject`, {
      data: { alasan: voterReason.refused[0]!.text },
    }),
    ['alasan'],
  );
  await ok(
    admin.post(`/api/voters/${refusedVoter!.userId}/reject`, {
      data: { alasan: voterReason.value },
    }),
  );
  for (const v of verifiedVoters) await ok(admin.post(`/api/voters/${v.userId}/verify`));

  // ---- Election requests: one approved (the election), one refused with a hostile reason. ----
  const shape = electionRequestSchema.shape;
  const requestOf = (which: string, start: number) => {
    const f = (field: keyof typeof shape, max: number) =>
      fit(ledger, `permohonan-${which}.${field}`, shape[field], { max, start });
    return {
      namaPemilihan: f('namaPemilihan', 120),
      penyelenggara: f('penyelenggara', 120),
      deskripsi: f('deskripsi', 2000),
      namaPemohon: f('namaPemohon', 100),
    };
  };
  const requestBody = (r: ReturnType<typeof requestOf>, pick: 'value' | 'refused') => ({
    ...Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, pick === 'value' ? v.value : v.refused[0]!.text]),
    ),
    emailPemohon: `pemohon.${tag.toLowerCase()}@mahasiswa.test`,
    waktuMulai: inFuture(86_400_000),
    waktuSelesai: inFuture(2 * 86_400_000),
  });
  const anonymous = await apiClient();
  const approved = requestOf('disetujui', 11);
  const declined = requestOf('ditolak', 18);
  // Requests are limited per address (20 an hour): one refused, two accepted.
  await expectRefused(
    anonymous.post('/api/election-requests', { data: requestBody(approved, 'refused') }),
    ['namaPemilihan', 'penyelenggara', 'deskripsi', 'namaPemohon'],
  );
  for (const r of [approved, declined])
    await ok(anonymous.post('/api/election-requests', { data: requestBody(r, 'value') }), [201]);
  const pending = await ok<{ items: { id: string; namaPemilihan: string }[] }>(
    master.get('/api/election-requests?status=pending'),
  );
  const idOf = (r: ReturnType<typeof requestOf>) =>
    pending.items.find((i) => i.namaPemilihan === r.namaPemilihan.value)!.id;
  const requestReason = fit(ledger, 'permohonan-ditolak.alasan', rejectSchema.shape.alasan, {
    max: 500,
    start: 15,
  });
  await expectRefused(
    master.post(`/api/election-requests/${idOf(declined)}/reject`, {
      data: { alasan: requestReason.refused[0]!.text },
    }),
    ['alasan'],
  );
  await ok(
    master.post(`/api/election-requests/${idOf(declined)}/reject`, {
      data: { alasan: requestReason.value },
    }),
  );
  const approval = await ok<{ election: { id: string } }>(
    master.post(`/api/election-requests/${idOf(approved)}/approve`),
  );
  // The approval's code works only for the requester's address: the committee members planted
  // here each use a code the master issues to their own address (single-use).

  // ---- The committee: a member per name the rules take (each uses up an invitation code). ----
  let electionId = '';
  const committee = { email: '', password: 'sandi-panitia-1' };
  const members: { email: string; password: string }[] = [];
  await plantEach(ledger, 'panitia', {
    tag,
    fields: ['namaLengkap'],
    safe: () => '',
    send: async (v, p) => {
      const email = `panitia${p.n}.${tag.toLowerCase()}@mahasiswa.test`;
      const { code: kodeUndangan } = await ok<{ code: string }>(
        master.post(`/api/oversight/elections/${approval.election.id}/invitations`, {
          data: { email },
        }),
      );
      const api = await apiClient();
      clients.push(api);
      const res = await api.post('/api/committee/register', {
        data: {
          ...v,
          kodeUndangan,
          email,
          password: committee.password,
          confirmPassword: committee.password,
        },
      });
      if (res.status() === 201) {
        electionId ||= ((await res.json()) as { electionId: string }).electionId;
        committee.email ||= email;
        members.push({ email, password: committee.password });
      }
      return res;
    },
  });
  expect(electionId).not.toBe('');
  const committeeApi = await apiClient();
  await signInApi(committeeApi, committee.email, committee.password);
  const base = `/api/elections/${electionId}`;

  // ---- Candidates: one per payload (names take only names' characters). ----
  const nameSafe = (p: { n: number }) => String.fromCharCode(64 + p.n);
  await plantEach(ledger, 'kandidat', {
    tag,
    fields: ['namaKetua', 'namaWakil', 'visi', 'misi'],
    safe: (f, p) =>
      f === 'namaKetua'
        ? `Calon ${tag} ${nameSafe(p)}`
        : f === 'namaWakil'
          ? `Wakil ${tag} ${nameSafe(p)}`
          : '',
    send: (v, p) =>
      committeeApi.post(`${base}/candidates`, {
        data: { ...v, nomorUrut: XSS_CORPUS.indexOf(p) + 1, foto: '' },
      }),
  });
  await ok(
    committeeApi.post(`${base}/roll`, {
      data: { csv: `NIM\n${verifiedVoters.map((v) => v.nim).join('\n')}\n` },
    }),
  );
  const settingsShape = electionSettingsSchema.shape;
  const title = fit(ledger, 'pemilihan.title', settingsShape.title, { max: 120, start: 21 });
  const description = fit(ledger, 'pemilihan.description', settingsShape.description, {
    max: 2000,
    start: 10,
  });
  const settings = (t: string, d: string, startsInMs: number, lastsMs: number) => ({
    title: t,
    description: d,
    startsAt: inFuture(startsInMs),
    endsAt: inFuture(startsInMs + lastsMs),
    kotakKosong: false,
    abstain: false,
    rollMode: 'roll',
    rollProdi: [],
    rollYears: [],
    resultsRelease: 'on-close',
  });
  await expectRefused(
    committeeApi.put(`${base}/settings`, {
      data: settings(title.refused[0]!.text, description.refused[0]!.text, 60_000, 60_000),
    }),
    ['title', 'description'],
  );
  // ---- Sessions: each page is opened by the role that sees it (signed in before the
  // polls are timed, so a slow sign-in cannot eat the voting window). ----
  const sessions: Session[] = [];
  const session = async (name: string, who: { email: string; password: string } | null) => {
    const s = await openSession(browser, name, who);
    sessions.push(s);
    return s;
  };
  const voterPassword = newVoter().password;
  const pub = await session('publik', null);
  const voterA = await session('pemilih', {
    email: verifiedVoters[0]!.email,
    password: voterPassword,
  });
  const voterR = await session('pemilih ditolak', {
    email: refusedVoter!.email,
    password: voterPassword,
  });
  const editorS = await session('admin', editor);
  const masterS = await session('master', E2E_MASTER);
  const committeeS = await session('panitia', committee);

  // The key is held by every committee member (their names are the planted ones), any 2 of whom
  // open the result with the server.
  const trustees = await ceremonyThroughApi(electionId, members);

  // The polls open in a few seconds and close while the other pages are being looked at.
  const opensInMs = 4_000;
  const lastsMs = 60_000;
  await ok(
    committeeApi.put(`${base}/settings`, {
      data: settings(title.value, description.value, opensInMs, lastsMs),
    }),
  );
  await ok(committeeApi.post(`${base}/lock`));
  const closesAt = Date.now() + opensInMs + lastsMs;

  const electionTexts = [
    ...ledger.of('pemilihan.title'),
    ...ledger.of('permohonan-disetujui.penyelenggara'),
  ];
  const candidateNames = ledger.of('kandidat.namaKetua', 'kandidat.namaWakil');
  const namesOf = (v: { namaLengkap: string }) =>
    ledger.of('pemilih.namaLengkap').filter((p) => p.text === v.namaLengkap);

  // ---- Voter: the ballot, once the polls are open, and a vote. ----
  await look.view(voterA, 'dashboard pemilih', '/dashboard-pemilih', [
    ...namesOf(verifiedVoters[0]!),
    ...electionTexts,
  ]);
  await voterA.page.goto((await boothLink(verifiedVoters[0]!.email, electionId)).path);
  await expect(voterA.page.getByRole('button', { name: 'Kirim Suara' })).toBeVisible({
    timeout: opensInMs + 15_000,
  });
  await look.view(
    voterA,
    'surat suara',
    null,
    [...electionTexts, ...candidateNames, ...ledger.of('kandidat.visi', 'kandidat.misi')],
    { openDetails: true, phone: true },
  );
  await voterA.page.getByRole('radio').last().check();
  await voterA.page.getByRole('button', { name: 'Kirim Suara' }).click();
  await look.view(voterA, 'konfirmasi suara', null, candidateNames.slice(-2), {
    ready: (page) => expect(page.getByRole('button', { name: 'Ya, Kirim' })).toBeVisible(),
  });
  await voterA.page.getByRole('button', { name: 'Ya, Kirim' }).click();
  await expect(voterA.page.getByText('Kode Bukti')).toBeVisible();
  await look.expectClean(voterA, 'kode bukti');
  await look.view(voterR, 'dashboard pemilih ditolak', '/dashboard-pemilih', [
    ...namesOf(refusedVoter!),
    ...ledger.of('pemilih.alasan'),
  ]);

  // ---- The site's own settings (one per site): changed under the lock, then put back. ----
  await withSiteLock(async () => {
    const footerBefore = await ok<FooterSettings>(admin.get('/api/site/footer'));
    const aboutBefore = await ok<AboutSettings>(admin.get('/api/site/about'));
    const current = await ok<{ structure: { period: { id: string } } | null }>(
      admin.get('/api/structure/current'),
    );
    try {
      const fsh = footerSettingsSchema.shape;
      // What the footer said stays at the start (other journeys look for it).
      const footerTagline = fit(ledger, 'footer.tagline', fsh.tagline, {
        max: 300,
        prefix: footerBefore.tagline.slice(0, 120),
        start: 11,
      });
      const footerAddress = fit(ledger, 'footer.address', fsh.address, {
        max: 300,
        prefix: footerBefore.address.slice(0, 120),
        start: 14,
      });
      const socials = XSS_CORPUS.filter(
        (p) => fsh.socials.element.shape.label.safeParse(p.text).success,
      ).slice(0, 8 - footerBefore.socials.length);
      const supporters = XSS_CORPUS.filter(
        (p) => fsh.supporters.element.shape.name.safeParse(p.text).success,
      ).slice(0, 12 - footerBefore.supporters.length);
      const footer: FooterSettings = {
        ...footerBefore,
        tagline: footerTagline.value,
        address: footerAddress.value,
        socials: [
          ...footerBefore.socials,
          ...socials.map((p) => ({ label: p.text, url: 'https://www.poltek.ac.id' })),
        ],
        supporters: [
          ...footerBefore.supporters,
          ...supporters.map((p) => ({ name: p.text, logo: '/logos/brin.svg', url: '' })),
        ],
      };
      await expectRefused(
        admin.put('/api/site/footer', {
          data: {
            ...footer,
            tagline: footerTagline.refused[0]!.text,
            address: footerAddress.refused[0]!.text,
            socials: [{ label: XSS_CORPUS[0]!.text, url: XSS_CORPUS[10]!.text }],
            supporters: [{ name: XSS_CORPUS[1]!.text, logo: XSS_CORPUS[21]!.text, url: '' }],
          },
        }),
        ['tagline', 'address', 'socials.0.label', 'socials.0.url', 'supporters.0.name'],
      );
      await ok(admin.put('/api/site/footer', { data: footer }));
      const plantItems = (field: string, items: typeof XSS_CORPUS) =>
        items.map((p): Plant => {
          ledger.plant(field, p, p.text);
          return { field, n: p.n, text: p.text };
        });
      const socialPlants = plantItems('footer.socials.label', socials);
      const supporterPlants = plantItems('footer.supporters.name', supporters);

      const ash = aboutSettingsSchema.shape;
      const visi = fit(ledger, 'tentang.visi', ash.visi, { max: 1000, start: 17 });
      const sejarah = fit(ledger, 'tentang.sejarah', ash.sejarah, { max: 6000 });
      const address = fit(ledger, 'tentang.address', ash.contact.shape.address, {
        max: 300,
        start: 19,
      });
      const hours = fit(ledger, 'tentang.officeHours', ash.contact.shape.officeHours, {
        max: 200,
        start: 20,
      });
      const misiEnd = ` ${markOf('tentang.misi')}`;
      const misi = XSS_CORPUS.filter(
        (p) => ash.misi.element.safeParse(p.text + misiEnd).success,
      ).slice(0, 12);
      const about: AboutSettings = {
        ...aboutBefore,
        visi: visi.value,
        misi: misi.map((p) => p.text + misiEnd),
        sejarah: sejarah.value,
        contact: { ...aboutBefore.contact, address: address.value, officeHours: hours.value },
      };
      await expectRefused(
        admin.put('/api/site/about', {
          data: {
            ...about,
            visi: visi.refused[0]!.text,
            misi: [XSS_CORPUS[2]!.text],
            sejarah: sejarah.refused[0]!.text,
            contact: {
              ...about.contact,
              address: address.refused[0]!.text,
              officeHours: hours.refused[0]!.text,
            },
            mapUrl: XSS_CORPUS[10]!.text,
          },
        }),
        ['visi', 'misi.0', 'sejarah', 'contact.address', 'contact.officeHours', 'mapUrl'],
      );
      await ok(admin.put('/api/site/about', { data: about }));
      for (const p of misi) ledger.plant('tentang.misi', p, p.text + misiEnd);
      await ok(admin.post(`/api/structure/periods/${period.id}/current`));

      const footerTexts = ledger.of('footer.tagline', 'footer.address');
      // The home page shows the newest articles, documents and elections: whichever are ours, as
      // the lists it was rendered from (the server renders it with them and hands them over).
      await pub.page.goto('/');
      const rendered = JSON.parse((await pub.page.locator('script#ssr-state').textContent())!) as {
        queries: { queryKey: unknown[]; state: { data: unknown } }[];
      };
      const listOf = (...key: unknown[]) => {
        const found = rendered.queries.find((q) => key.every((k, i) => q.queryKey[i] === k));
        if (!found) throw new Error(`the home page was rendered without ${key.join(' ')}`);
        return found.state.data as { items: Record<string, unknown>[] };
      };
      const latestArticles = listOf('articles', 'public', 'latest');
      const latestDocs = listOf('documents', 'latest');
      const elections = listOf('elections', 'public');
      const newest = [...latestArticles.items, ...latestDocs.items].flatMap((i) =>
        Object.values(i).filter((v): v is string => typeof v === 'string'),
      );
      const onHome = elections.items
        .filter((e) => e.phase === 'open' || e.phase === 'upcoming')
        .slice(0, 3)
        .some((e) => e.id === electionId);
      await look.view(
        pub,
        'beranda',
        null,
        [
          ...footerTexts,
          ...ledger.of('periode.cabinetName', 'periode.tagline', 'periode.label'),
          ...ledger.of('pengurus.name', 'pengurus.position').filter((p) => isLeader(p.n)),
          ...(onHome ? electionTexts : []),
          ...ledger
            .of('berita.title', 'berita.summary', 'dokumen.title')
            .filter((p) => newest.includes(p.text)),
        ],
        { alts: supporterPlants, links: socialPlants, phone: true },
      );
      await look.view(pub, 'tentang', '/tentang', [...ledger.of('tentang.'), ...footerTexts], {
        alts: supporterPlants,
        links: socialPlants,
        phone: true,
      });
      await look.view(editorS, 'kelola tentang', '/admin/kelola-tentang', [], {
        ready: (page) => expect(page.getByLabel('Visi')).toHaveValue(visi.value),
      });
      await look.view(editorS, 'kelola footer', '/admin/kelola-tentang?bagian=footer', [], {
        ready: (page) => expect(page.getByLabel('Tagline footer')).toHaveValue(footerTagline.value),
        phone: true,
      });
    } finally {
      await ok(admin.put('/api/site/footer', { data: footerBefore }));
      await ok(admin.put('/api/site/about', { data: aboutBefore }));
      if (current.structure)
        await ok(admin.post(`/api/structure/periods/${current.structure.period.id}/current`));
    }
  });

  // ---- Public pages. ----
  await look.view(
    pub,
    'daftar berita',
    `/berita?q=${tag}`,
    ledger.of('berita.title', 'berita.summary'),
    {
      pager: 'Halaman daftar berita',
    },
  );
  const authorName = ledger.of('profil-admin.namaTampilan');
  for (const a of articles) {
    const shown = ledger.plants.filter(
      (p) => p.n === a.p.n && (p.field === 'berita.title' || p.field === 'berita.body'),
    );
    await look.view(pub, `berita ${a.p.n}`, `/berita/${a.body.slug}`, [...shown, ...authorName], {
      phone: a.p.kind === 'layout' || a.p.n === 12,
    });
    await expect(pub.page).toHaveTitle(`${a.body.title} · ${SITE}`);
    await expectEscapedMeta(pub.page.request, a.body.slug, a.body.title, a.body.summary);
  }
  await look.view(
    pub,
    'bank dokumen',
    '/dokumen',
    ledger.of('dokumen.title', 'dokumen.description'),
    {
      ready: (page) => searchList(page, 'Cari dokumen', tag),
      pager: 'Halaman dokumen',
      phone: true,
    },
  );
  await look.view(pub, 'layanan', '/layanan', ledger.of('layanan.'), { phone: true });
  await look.view(
    pub,
    'struktur',
    `/struktur?periode=${period.id}`,
    ledger.of('periode.', 'divisi.', 'pengurus.'),
    { phone: true },
  );
  await look.view(pub, 'pemilihan', '/pemilihan', electionTexts, { phone: true });

  // ---- Admin pages. ----
  await look.view(editorS, 'dashboard admin', '/admin', authorName, {
    ready: (page) => expect(page.getByRole('region', { name: 'Aktivitas Terbaru' })).toBeVisible(),
  });
  await editorS.page.getByRole('button', { name: 'Menu akun' }).click();
  await look.view(editorS, 'menu akun', null, authorName, {
    ready: (page) => expect(page.locator('#account-menu')).toContainText(tampilan.value),
  });
  await look.view(editorS, 'kelola berita', '/admin/kelola-berita', ledger.of('berita.title'), {
    ready: (page) => searchList(page, 'Cari judul atau ringkasan', tag),
    pager: 'Halaman daftar berita',
  });
  for (const a of articles.filter((x) => x.p.kind === 'markup').slice(0, 3))
    await look.view(
      editorS,
      `editor berita ${a.p.n}`,
      `/admin/kelola-berita?ubah=${a.body.id}`,
      ledger.plants.filter((p) => p.n === a.p.n && p.field === 'berita.body'),
      {
        ready: (page) =>
          expect(page.getByLabel('Judul', { exact: true })).toHaveValue(a.body.title),
      },
    );
  await look.view(editorS, 'kelola dokumen', '/admin/dokumen', ledger.of('dokumen.title'), {
    ready: (page) => searchList(page, 'Cari dokumen', tag),
    pager: 'Halaman dokumen',
  });
  await look.view(editorS, 'kelola layanan', '/admin/layanan', ledger.of('layanan.title'), {
    ready: (page) => searchList(page, 'Cari layanan', tag),
    pager: 'Halaman layanan',
  });
  await look.view(
    editorS,
    'kelola struktur',
    `/admin/struktur?periode=${period.id}`,
    ledger.of('divisi.name', 'pengurus.name', 'pengurus.position'),
  );
  await look.view(
    editorS,
    'verifikasi pemilih',
    '/admin/kelola-pemilih-terdaftar',
    ledger.of('pemilih.namaLengkap', 'pemilih.alasan'),
    {
      ready: async (page) => {
        await page.getByLabel('Status').selectOption('');
        await page.getByLabel('Cari nama, NIM atau email').fill(tag);
      },
      phone: true,
    },
  );
  // Histori: what the server lists for this run's mark, and for a hostile title typed as the
  // search (it quotes the titles in its summaries), all of it shown as text.
  for (const q of [tag, articles[0]!.body.title, articles[3]!.body.title]) {
    const query = new URLSearchParams({ q }).toString();
    const activity = await ok<{ items: { summary: string; actorName: string }[] }>(
      editorS.page.request.get(`/api/activity?${query}`),
    );
    expect(activity.items.length, q).toBeGreaterThan(0);
    await look.view(
      editorS,
      `histori aktivitas ${q === tag ? 'tanda' : 'judul'}`,
      `/admin/histori?${query}`,
      activity.items.flatMap((e, i) => [
        { field: 'histori.summary', n: i, text: e.summary },
        { field: 'histori.actorName', n: i, text: e.actorName },
      ]),
      {
        ready: (page) => expect(page.getByLabel('Cari ringkasan atau nama pelaku')).toHaveValue(q),
        phone: q === tag,
      },
    );
  }

  // ---- Master pages. ----
  await look.view(masterS, 'kelola admin', '/admin/kelola-admin', ledger.of('admin.namaLengkap'), {
    ready: (page) => page.getByLabel('Cari nama atau email').fill(tag),
    pager: 'Halaman daftar admin',
  });
  await look.view(
    masterS,
    'permohonan pemilihan',
    '/admin-master/voting',
    ledger.of('permohonan-disetujui.', 'permohonan-ditolak.'),
    { phone: true },
  );
  await look.view(
    masterS,
    'semua pemilihan',
    '/admin-master/voting?bagian=pemilihan',
    [...electionTexts, ...ledger.of('panitia.namaLengkap')],
    { openDetails: true, phone: true },
  );

  // ---- Committee pages. ----
  await look.view(committeeS, 'panitia ringkasan', `/panitia/${electionId}/ringkasan`, [
    ...electionTexts,
    ...ledger.of('panitia.namaLengkap'),
  ]);
  await look.view(
    committeeS,
    'panitia kandidat',
    `/panitia/${electionId}/kandidat`,
    [...candidateNames, ...ledger.of('kandidat.visi')],
    { phone: true },
  );
  await look.view(
    committeeS,
    'panitia pemilih',
    `/panitia/${electionId}/pemilih`,
    verifiedVoters.flatMap(namesOf),
  );
  await look.view(
    committeeS,
    'panitia wali kunci',
    `/panitia/${electionId}/wali-kunci`,
    ledger.of('panitia.namaLengkap'),
  );
  await look.view(committeeS, 'panitia pengaturan', `/panitia/${electionId}/pengaturan`, [], {
    ready: (page) => expect(page.getByLabel('Judul')).toHaveValue(title.value),
  });

  // ---- Results, once the polls have closed. ----
  const wait = closesAt + 3_000 - Date.now();
  if (wait > 0) await pub.page.waitForTimeout(wait);
  await decryptThroughApi(electionId, trustees);
  await look.view(
    pub,
    'hasil pemilihan',
    `/hasil/${electionId}`,
    [...electionTexts, ...candidateNames],
    {
      ready: (page) =>
        expect(page.getByRole('heading', { name: 'Perolehan Suara' })).toBeVisible({
          timeout: 20_000,
        }),
      phone: true,
    },
  );

  for (const s of sessions) await s.page.context().close();
  for (const c of cleanup.reverse()) await c();
  for (const c of [master, admin, anonymous, committeeApi, ...clients]) await c.dispose();

  const fields = new Set([...ledger.plants, ...ledger.refusals].map((p) => p.field));
  Object.assign(figures, {
    payloads: XSS_CORPUS.length,
    fieldsTried: fields.size,
    fieldsPlanted: new Set(ledger.plants.map((p) => p.field)).size,
    planted: ledger.plants.length,
    refused: ledger.refusals.length,
    refusedByServer: ledger.refusals.filter((r) => r.by === 'server').length,
    downloadNamesSanitised: documents.length,
    textChecks: look.checks,
    views: look.views,
    pages: look.names.length,
    phoneViews: look.phoneViews,
    executions: look.findings,
  });
});

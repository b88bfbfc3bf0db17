import { expect, test, type Page } from '@playwright/test';
import { paths } from '../web/config/paths.ts';
import { PAGE_ROUTES } from '../shared/page-routes.ts';
import { E2E_ADMIN, E2E_MASTER } from './support/accounts.ts';
import { sharedA11ySite, type A11ySite } from './support/a11y-site.ts';
import { openInApp, preloadAxe, seriousViolations, unwiredFieldErrors } from './support/axe.ts';

/**
 * axe-core on every route of the web app's route table, with real content and an election in
 * each phase, signed out and in each role, at this project's width; also with the menus open, a
 * confirm dialog and forms showing their errors (which must also be announced and tied to their
 * fields). Any serious or critical WCAG 2.0/2.1 A or AA violation fails, named by rule, target
 * and page. One sign-in per role; pages are opened as the app's links open them.
 */

type Role = 'signed out' | 'pending voter' | 'voter' | 'committee' | 'admin' | 'master';
const ROLES: Role[] = ['signed out', 'pending voter', 'voter', 'committee', 'admin', 'master'];

/** A step that opens an interactive state of the page, for some roles (false: none at this width). */
type State = {
  name: string;
  roles: readonly Role[];
  open: (page: Page) => Promise<void | false>;
};
type Route = {
  /** The route as the router writes it. */
  pattern: string;
  url: string;
  /**
   * One of several addresses of a route (an election in another phase): visited by these roles
   * only; every other role sees the route through its first address.
   */
  variantFor?: readonly Role[];
  /**
   * The roles that may open the route (default: everyone). Others are refused (sent elsewhere or
   * shown why): they see the refusal once, at the first route of the same `group`.
   */
  openTo?: readonly Role[];
  group?: string;
  /**
   * A public page that shows everyone the same content. At phone width it is checked signed out
   * only: signed in, its only difference is the folded top bar, checked on / with its menus.
   */
  sameForAll?: true;
  states?: State[];
};

const VOTERS: Role[] = ['pending voter', 'voter'];
const ADMINS: Role[] = ['admin', 'master'];

const mobileMenu: State = {
  name: 'mobile menu',
  roles: ROLES,
  open: async (page) => {
    const hamburger = page.getByRole('button', { name: 'Menu', exact: true });
    if (!(await hamburger.isVisible())) return false; // desktop width: the links are in the bar
    await hamburger.click();
    await expect(page.locator('#site-nav')).toBeVisible();
  },
};

const accountMenu: State = {
  name: 'account menu',
  roles: ROLES.filter((r) => r !== 'signed out'),
  open: async (page) => {
    await page.getByRole('button', { name: 'Menu akun' }).click();
    await expect(page.locator('#account-menu')).toBeVisible();
  },
};

/** A form sent empty (after `before`): its errors show. */
const showErrors = (roles: Role[], button: string, before?: (page: Page) => Promise<void>) => ({
  name: 'errors',
  roles,
  open: async (page: Page) => {
    await before?.(page);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
  },
});

/** Every route of the route table, made concrete with the site's content. */
function routeTable(site: A11ySite): Route[] {
  const e = site.elections;
  const phases = (first: keyof A11ySite['elections']) => [
    e[first],
    ...Object.values(e).filter((x) => x !== e[first]),
  ];
  const elections = (
    pattern: string,
    first: keyof A11ySite['elections'],
    variantFor: Role[],
    make: (id: string) => string,
  ): Route[] =>
    phases(first).map((x, i) => ({
      pattern,
      url: make(x.electionId),
      ...(i > 0 ? { variantFor } : {}),
    }));
  const panitiaTabs = ['ringkasan', 'pengaturan', 'kandidat', 'pemilih', 'wali-kunci'];
  const signedIn = { openTo: ROLES.filter((r) => r !== 'signed out'), group: 'voting' };
  const admin = { openTo: ADMINS, group: 'admin' };
  const master = { openTo: ['master'] as Role[], group: 'master' };
  const panitia = { openTo: ['committee', 'master'] as Role[], group: 'panitia' };
  return [
    { pattern: '/', url: '/', states: [mobileMenu, accountMenu] },
    { pattern: paths.struktur, url: paths.struktur, sameForAll: true },
    { pattern: paths.layanan, url: paths.layanan, sameForAll: true },
    { pattern: paths.berita, url: paths.berita, sameForAll: true },
    { pattern: '/berita/:slug', url: paths.artikel(site.article.slug), sameForAll: true },
    { pattern: paths.dokumen, url: paths.dokumen, sameForAll: true },
    { pattern: paths.tentang, url: paths.tentang, sameForAll: true },
    { pattern: paths.pemilihan, url: paths.pemilihan },
    // The candidates, for anyone: every phase of an election, signed out.
    ...elections('/pemilihan/:eventId/kandidat', 'open', ['signed out'], paths.kandidat),
    {
      pattern: paths.requestPemilihan,
      url: paths.requestPemilihan,
      sameForAll: true,
      states: [showErrors(['signed out'], 'Ajukan Permohonan')],
    },
    {
      pattern: paths.login,
      url: paths.login,
      sameForAll: true,
      states: [showErrors(['signed out'], 'Masuk')],
    },
    { pattern: paths.register, url: paths.register, sameForAll: true },
    {
      pattern: paths.registerPanitia,
      url: paths.registerPanitia,
      sameForAll: true,
      states: [showErrors(['signed out'], 'Daftar')],
    },
    {
      pattern: paths.registerPemilih,
      url: paths.registerPemilih,
      sameForAll: true,
      states: [showErrors(['signed out'], 'Daftar')],
    },
    {
      pattern: paths.lupaSandi,
      url: paths.lupaSandi,
      sameForAll: true,
      states: [showErrors(['signed out'], 'Kirim Tautan')],
    },
    { pattern: paths.loginPemilih, url: paths.loginPemilih, sameForAll: true },
    // A link that no longer works says so (a working one signs in and moves on at once).
    {
      pattern: paths.konfirmasiEmail,
      url: `${paths.konfirmasiEmail}?token=rusak`,
      sameForAll: true,
    },
    {
      pattern: paths.keamananAkun,
      url: paths.keamananAkun,
      openTo: ROLES.filter((r) => r !== 'signed out'),
      group: 'signed-in',
    },
    {
      pattern: paths.profilPemilih,
      url: paths.profilPemilih,
      openTo: VOTERS,
      group: 'voter',
      states: [
        showErrors(['voter'], 'Simpan Perubahan', (page) =>
          page.getByLabel('Nama Lengkap').fill(''),
        ),
      ],
    },
    {
      pattern: paths.dashboardPemilih,
      url: paths.dashboardPemilih,
      openTo: VOTERS,
      group: 'voter',
    },
    ...elections('/voting/:eventId', 'open', ['voter'], (id) =>
      // The voter opens the open election's booth from the link mailed with their credential.
      id === site.elections.open.electionId
        ? site.elections.open.boothPaths![site.voter.email]!
        : paths.voting(id),
    ).map((r, i) =>
      i === 0
        ? {
            ...r,
            ...signedIn,
            states: [
              {
                name: 'confirm dialog',
                roles: ['voter'] as const,
                open: async (page: Page) => {
                  await page.getByRole('radio').first().check();
                  await page.getByRole('button', { name: 'Kirim Suara' }).click();
                  await expect(page.getByRole('dialog')).toBeVisible();
                },
              },
            ],
          }
        : r,
    ),
    ...elections('/hasil/:eventId', 'closed', ['signed out', 'voter'], paths.hasil),
    // The public ballot box: the same for everyone who may see it.
    ...elections('/hasil/:eventId/kotak-suara', 'closed', ['signed out'], (id) =>
      paths.kotakSuara(id),
    ),
    {
      pattern: paths.verifikasi,
      url: paths.verifikasi,
      sameForAll: true,
      states: [showErrors(['signed out'], 'Periksa Rekaman')],
    },
    ...[
      paths.admin.dashboard,
      paths.admin.profil,
      paths.admin.histori,
      paths.admin.struktur,
      paths.admin.dokumen,
      paths.admin.kelolaTentang,
      paths.admin.kelolaPemilihTerdaftar,
    ].map((p) => ({ pattern: p, url: p, ...admin })),
    {
      pattern: paths.admin.kelolaTentang,
      url: `${paths.admin.kelolaTentang}?bagian=footer`,
      ...admin,
    },
    {
      pattern: paths.admin.layanan,
      url: paths.admin.layanan,
      ...admin,
      states: [
        showErrors(['admin'], 'Simpan Layanan', (page) =>
          page.getByRole('button', { name: 'Tambah Layanan' }).click(),
        ),
      ],
    },
    {
      pattern: paths.admin.kelolaBerita,
      url: paths.admin.kelolaBerita,
      ...admin,
      states: [
        showErrors(['admin'], 'Simpan Draf', (page) =>
          page.getByRole('button', { name: 'Tambah Berita' }).click(),
        ),
      ],
    },
    { pattern: paths.admin.kelolaAdmin, url: paths.admin.kelolaAdmin, ...master },
    { pattern: paths.admin.masterVoting, url: paths.admin.masterVoting, ...master },
    {
      pattern: paths.admin.masterVoting,
      url: `${paths.admin.masterVoting}?bagian=pemilihan`,
      ...master,
      states: [
        {
          name: 'confirm dialog',
          roles: ['master'],
          open: async (page) => {
            // Other specs add elections beside this one: find it as a master would.
            await page.getByRole('searchbox', { name: 'Cari pemilihan' }).fill(e.draft.title);
            const item = page.getByRole('listitem').filter({ hasText: e.draft.title });
            await item.locator('summary').click();
            await item.getByRole('button', { name: 'Arsipkan' }).click();
            await expect(page.getByRole('dialog')).toBeVisible();
          },
        },
      ],
    },
    { pattern: '/panitia/:eventId', url: paths.panitia(e.draft.electionId), ...panitia },
    // A trustee's own page: the draft's committee member holds a part of its key.
    {
      pattern: '/wali-kunci/:eventId',
      url: paths.waliKunci(e.draft.electionId),
      openTo: ['committee'],
      group: 'panitia',
    },
    ...[e.draft, e.open, e.closed].flatMap((x, i) =>
      panitiaTabs.map((tab): Route => ({
        pattern: `/panitia/:eventId/${tab}`,
        url: `${paths.panitia(x.electionId)}/${tab}`,
        ...panitia,
        ...(i > 0 ? { variantFor: ['committee'] } : {}),
        ...(i === 0 && tab === 'kandidat'
          ? {
              states: [
                showErrors(['committee'], 'Simpan', (page) =>
                  page.getByRole('button', { name: 'Tambah Kandidat' }).click(),
                ),
              ],
            }
          : {}),
        ...(i === 0 && tab === 'pengaturan'
          ? {
              states: [
                {
                  name: 'confirm dialog',
                  roles: ['committee'],
                  open: async (page: Page) => {
                    await page.getByRole('button', { name: 'Kunci Pemilihan' }).click();
                    await expect(page.getByRole('dialog')).toBeVisible();
                  },
                },
              ],
            }
          : {}),
      })),
    ),
    { pattern: '*', url: '/halaman-yang-tidak-ada', sameForAll: true },
  ];
}

async function signInAs(page: Page, role: Role, site: A11ySite) {
  const account = {
    'signed out': null,
    'pending voter': site.pendingVoter,
    voter: site.voter,
    committee: site.committee,
    admin: E2E_ADMIN,
    master: E2E_MASTER,
  }[role];
  if (!account) return;
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  expect(res.status()).toBe(200);
}

let site: A11ySite;
test.describe.configure({ mode: 'parallel' });
test.beforeAll(async () => {
  test.setTimeout(360_000);
  site = await sharedA11ySite();
});

test('the checked routes are the whole route table of the web router', () => {
  // PAGE_ROUTES is the router's table (web/app/router.test.ts keeps the two equal), '*' its
  // not-found page.
  expect(new Set(routeTable(site).map((r) => r.pattern))).toEqual(new Set([...PAGE_ROUTES, '*']));
});

for (const role of ROLES) {
  test(
    `axe finds no serious or critical violation on any route, ${role}`,
    { tag: '@phone' },
    async ({ page }, info) => {
      test.setTimeout(360_000);
      await preloadAxe(page.context());
      await signInAs(page, role, site);
      const found: string[] = [];
      const scanned = new Set<string>();
      const refusedGroups = new Set<string>();
      for (const route of routeTable(site)) {
        if (route.variantFor && !route.variantFor.includes(role)) continue;
        if (route.sameForAll && role !== 'signed out' && info.project.name === 'phone') continue;
        const open = !route.openTo || route.openTo.includes(role);
        if (!open) {
          if (refusedGroups.has(route.group!)) continue;
          refusedGroups.add(route.group!);
        }
        await openInApp(page, route.url);
        const { pathname, search } = new URL(page.url());
        const landed = pathname + search;
        // The address without a fragment (the booth takes its credential out of the bar).
        const asked = route.url.split('#')[0]!;
        // Those the route is for really get it (not a sign-in page or their home).
        if (open) expect(landed, route.url).toContain(asked.split('?')[0]);
        // A route this role may not open sends it elsewhere: that page is checked once.
        if (scanned.has(landed)) continue;
        scanned.add(landed);
        const where = `${asked}${landed !== asked ? ` → ${landed}` : ''} [${role}, ${info.project.name}]`;
        found.push(...(await seriousViolations(page, where)));
        for (const state of route.states ?? []) {
          if (!state.roles.includes(role) || landed !== asked) continue;
          if ((await state.open(page)) === false) continue;
          found.push(...(await seriousViolations(page, `${where} with ${state.name}`)));
          if (state.name === 'errors') found.push(...(await unwiredFieldErrors(page, where)));
          await openInApp(page, route.url);
        }
      }
      info.annotations.push({ type: 'pages checked', description: String(scanned.size) });
      expect(found, found.join('\n')).toEqual([]);
    },
  );
}

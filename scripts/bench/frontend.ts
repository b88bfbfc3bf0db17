import { buildWebInto } from '../build-if-needed.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, devices, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { passwords } from '../../server/auth/passwords.ts';
import { openDatabase, type Db } from '../../server/db/client.ts';
import {
  account,
  articles,
  candidates,
  electionCredentials,
  electionRoll,
  elections,
  user,
} from '../../server/db/schema/index.ts';
import { insertVoters } from '../../server/test/elections.ts';
import { seedDemoDocuments, seedDemoServices } from '../demo/documents.ts';
import { seedDemoNews } from '../demo/news.ts';
import { seedDemoAbout, seedDemoStructure } from '../demo/structure.ts';
import { failed, median, startServerProcess, type Row } from './measure.ts';
import { firstHeadingRows, routeTablePages } from './first-heading.ts';
import { createAdmin } from '../../server/people/admins/create-admin.ts';
import { BOOTH_RUNS, boothFlowRows } from './booth-flow.ts';
import {
  ENCRYPTED_BALLOT_FORMAT,
  setUpRecord,
} from '../../server/elections/record/setup-record.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** Cold loads per page in the first-heading figures. */
const HEADING_RUNS = 3;
const PASSWORD = 'sandi-bench-1';
const MASTER_EMAIL = 'master@bench.test';

/** The JavaScript budget of a page's first view, gzip. */
const JS_BUDGET_KB = 100;
/** Lighthouse budgets (scores 0–100). */
const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
type Category = keyof typeof LIGHTHOUSE_BUDGETS;
const CATEGORY_NAMES: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
};

/** Chromium flags for a quiet, offline headless browser (as the e2e tests use). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One page the bench loads: its path, the route module that renders it, and text proving it rendered. */
type Page = {
  path: string;
  /** The route module (as in the Vite manifest, relative to web/). */
  route: string;
  /** Text that is on the page once it has rendered its content (not a loading state). */
  expect: string;
  signedIn?: boolean;
  jsBudget: boolean;
};

type Seeded = {
  electionId: string;
  /** The voter of the first views and Lighthouse, then the booth's voters: email, mailed link. */
  voters: { email: string; link: string }[];
  articleTitle: string;
  articleSlug: string;
  candidate: string;
};

/**
 * The public first view, measured on the production build served by the real server (PGlite in a
 * temporary DATA_DIR with the demo content, an open election with candidate photos and a signed-in
 * voter on its roll): the JavaScript each page loads until it is rendered and the network is idle,
 * less the web-vitals telemetry the app starts after the load event (gzip level 9 of every script,
 * as Chromium on a phone loads it), each route's own chunk, and
 * Lighthouse's mobile scores (default mobile emulation and throttling; median of `runs` runs).
 */
export async function benchFrontend(runs = 3, only?: string): Promise<Row[]> {
  // Inside the project: the server's render module imports its packages from node_modules, which
  // Node finds only from a folder under the project (a build elsewhere is never server-rendered).
  const cache = path.join(root, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const work = fs.mkdtempSync(path.join(cache, 'bem-bench-frontend-'));
  const webDir = path.join(work, 'web');
  const dataDir = path.join(work, 'data');
  try {
    buildWebApp(webDir);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

    console.log('bench: seeding the demo content');
    const seeded = await seed(dataDir);
    const pages: Page[] = [
      {
        path: '/',
        route: 'app/routes/home.tsx',
        expect: seeded.articleTitle,
        jsBudget: true,
      },
      {
        path: '/berita',
        route: 'app/routes/berita.tsx',
        expect: seeded.articleTitle,
        jsBudget: true,
      },
      {
        path: '/pemilihan',
        route: 'app/routes/pemilihan.tsx',
        expect: ELECTION_TITLE,
        jsBudget: false,
      },
      {
        // The booth as the mailed link opens it: the credential after the #.
        path: seeded.voters[0]!.link,
        route: 'app/routes/voting.tsx',
        expect: seeded.candidate,
        signedIn: true,
        jsBudget: true,
      },
    ];

    // `only`: the pages whose path or route contains it (the booth's flow with the booth's page).
    const chosen = only
      ? pages.filter((p) => p.path.includes(only) || p.route.includes(only))
      : pages;
    if (!chosen.length) throw new Error(`no page of the bench matches ${only}`);
    const booth = chosen.some((p) => p.route === 'app/routes/voting.tsx');
    let server = await startServer(dataDir, webDir);
    try {
      await assertServerRenders(server.url);
      const cookie = await signIn(server.url, seeded.voters[0]!.email);
      const rows: Row[] = [];
      console.log('bench: first-view JavaScript');
      const browser = await chromium.launch({
        executablePath: chromiumPath(),
        args: CHROME_FLAGS.slice(1),
      });
      try {
        for (const page of chosen.filter((p) => p.jsBudget)) {
          try {
            rows.push(...(await firstViewJs(browser, server.url, page, cookie, manifest)));
          } catch (err) {
            rows.push(failed(`First-view JavaScript of ${label(page)}`, err));
          }
        }
        if (booth) {
          console.log('bench: the booth, from "Kirim Suara" to the Kode Bukti');
          try {
            const boothVoters = await Promise.all(
              seeded.voters.slice(1).map(async (v) => ({
                cookie: await signIn(server.url, v.email),
                link: v.link,
              })),
            );
            rows.push(...(await boothFlowRows(browser, server.url, boothVoters)));
          } catch (err) {
            rows.push(failed('Booth: "Kirim Suara" to Kode Bukti', err));
          }
        }
        if (!only || 'headings'.includes(only)) {
          console.log('bench: the heading of every page after a cold load');
          const pages = routeTablePages(seeded);
          const cookies = {
            voter: cookie,
            master: await signIn(server.url, MASTER_EMAIL),
          };
          const headings = async (how: string) => {
            try {
              rows.push(
                ...(await firstHeadingRows(browser, server.url, pages, cookies, HEADING_RUNS, how)),
              );
            } catch (err) {
              rows.push(failed(`Heading painted after a cold load (${how})`, err));
            }
          };
          await headings('rendered by the server');
          // The same pages with the server's render switched off (its build moved away): what the
          // browser alone does, as every page was served before server rendering.
          await server.stop();
          fs.renameSync(path.join(webDir, '.ssr'), path.join(webDir, '.ssr-off'));
          server = await startServer(dataDir, webDir);
          try {
            await headings('rendered by the browser alone');
          } finally {
            await server.stop();
            fs.renameSync(path.join(webDir, '.ssr-off'), path.join(webDir, '.ssr'));
            server = await startServer(dataDir, webDir);
          }
        }
      } finally {
        await browser.close();
      }
      // --runs 0: no Lighthouse (the first views and the booth only).
      for (const page of runs > 0 ? chosen : []) {
        console.log(`bench: Lighthouse ${page.path} (${runs} runs)`);
        try {
          rows.push(...(await lighthouseRows(server.url, page, cookie, runs)));
        } catch (err) {
          rows.push(failed(`Lighthouse mobile, ${label(page)}`, err));
        }
      }
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const ELECTION_TITLE = 'Pemilihan Raya Ketua dan Wakil Ketua BEM 2026';

/** Demo content (as `npm run seed:demo`), an open election with photos, and one voter on its roll. */
export async function seed(dataDir: string): Promise<Seeded> {
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    await seedDemoNews(db, null);
    await seedDemoDocuments(db, null);
    await seedDemoServices(db, null);
    await seedDemoStructure(db, null);
    await seedDemoAbout(db, null);
    const people = await insertVoters(db, 1 + 2 * BOOTH_RUNS);
    const hash = await passwords().hash(PASSWORD);
    await db.insert(account).values(
      people.map((p) => ({
        id: crypto.randomUUID(),
        accountId: p.id,
        providerId: 'credential',
        userId: p.id,
        password: hash,
      })),
    );
    const { electionId, candidate } = await insertElection(
      db,
      people.map((p) => p.nim),
    );
    // Each voter's link as mailed at lock (the server erases the credential once it is sent).
    const creds = await db
      .select({ nim: electionCredentials.nim, credential: electionCredentials.credential })
      .from(electionCredentials)
      .where(eq(electionCredentials.electionId, electionId));
    const voters = await Promise.all(
      people.map(async (p) => {
        const [{ email }] = (await db
          .select({ email: user.email })
          .from(user)
          .where(eq(user.id, p.id))) as [{ email: string }];
        const credential = creds.find((c) => c.nim === p.nim)!.credential!;
        return { email, link: `/voting/${electionId}#kredensial=${credential}` };
      }),
    );
    const { title: articleTitle, slug: articleSlug } = await latestArticle(db);
    // The admin pages' visitor in the first-heading figures.
    await createAdmin(
      db,
      { email: MASTER_EMAIL, password: PASSWORD, name: 'Master Bench', role: 'master' },
      passwords(),
    );
    return { electionId, voters, articleTitle, articleSlug, candidate };
  } finally {
    await database.close();
  }
}

async function latestArticle(db: Db): Promise<{ title: string; slug: string }> {
  const [a] = await db
    .select({ title: articles.title, slug: articles.slug })
    .from(articles)
    .orderBy(desc(articles.publishedAt))
    .limit(1);
  if (!a) throw new Error('the demo seed made no article');
  return a;
}

/** A 300×300 JPEG data URL as the committee's browser sends it (one colour per candidate). */
async function candidatePhoto(r: number, g: number, b: number): Promise<string> {
  const jpeg = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r, g, b } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** An election open now (locked, three candidate pairs with photos) whose roll holds the given NIMs. */
async function insertElection(db: Db, nims: string[]) {
  const now = Date.now();
  const [election] = await db
    .insert(elections)
    .values({
      title: ELECTION_TITLE,
      organizer: 'KPU BEM',
      description: 'Pemilihan ketua dan wakil ketua BEM periode 2026/2027.',
      startsAt: new Date(now - 3_600_000),
      endsAt: new Date(now + 8 * 3_600_000),
      status: 'ready',
      lockedAt: new Date(now - 7_200_000),
      rollMode: 'roll',
      rollSize: nims.length,
      kotakKosong: false,
      abstain: false,
      ballotFormat: ENCRYPTED_BALLOT_FORMAT,
    })
    .returning();
  const pairs = [
    ['Raka Pratama', 'Nadia Putri', [30, 90, 200]],
    ['Dimas Aryo', 'Salsabila Rahma', [200, 120, 30]],
    ['Fajar Nugroho', 'Intan Maharani', [40, 150, 90]],
  ] as const;
  await db.insert(candidates).values(
    await Promise.all(
      pairs.map(async ([namaKetua, namaWakil, [r, g, b]], i) => ({
        electionId: election!.id,
        nomorUrut: i + 1,
        namaKetua,
        namaWakil,
        visi: `BEM yang terbuka, dekat dengan mahasiswa dan berani bersuara bersama ${namaKetua}.`,
        misi: '1. Forum aspirasi setiap bulan.\n2. Laporan keuangan terbuka.\n3. Kolaborasi dengan himpunan.',
        foto: await candidatePhoto(r, g, b),
      })),
    ),
  );
  await db.insert(electionRoll).values(nims.map((nim) => ({ electionId: election!.id, nim })));
  // A verifiable election: its record, key and one credential per NIM, as the lock makes them.
  await db.transaction((tx) => setUpRecord(tx, election!, election!.lockedAt!));
  return { electionId: election!.id, candidate: pairs[0][0] };
}

/** Builds the web app as production serves it (with its manifest) into webDir. */
export function buildWebApp(webDir: string): void {
  console.log('bench: building the web app');
  const status = buildWebInto(webDir);
  if (status !== 0) throw new Error(`vite build failed (${status})`);
}

/**
 * Throws unless the server sends pages rendered (the ssr-state script in the HTML): a build the
 * server cannot render from would measure the browser's rendering alone under the wrong name.
 */
async function assertServerRenders(url: string) {
  const html = await (await fetch(`${url}/`, { headers: { accept: 'text/html' } })).text();
  if (!html.includes('id="ssr-state"'))
    throw new Error('the server sent / without rendering it: its render module did not load');
}

/** The real server (server/main.ts, production mode) over DATA_DIR and a fresh build. */
export const startServer = (dataDir: string, webDir: string) =>
  startServerProcess('server/main.ts', {
    cwd: root,
    env: { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: webDir },
  });

/** Signs the voter in through the real endpoint; returns the Cookie header a browser would send. */
export async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!pairs.some((p) => p.includes('session_token='))) throw new Error('sign-in set no cookie');
  return pairs.join('; ');
}

export function chromiumPath(): string {
  const found = [process.env.CHROME_PATH, process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
    (p) => p && fs.existsSync(p),
  );
  if (!found) throw new Error('Chromium not found: set CHROME_PATH');
  return found;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;

/**
 * The app's telemetry that starts only once the page has loaded and the browser is idle (the
 * web-vitals measurement, web/features/usage/vitals.ts, with the package): not needed for the
 * first view, so not counted in it when it was requested after the load event (it is counted if
 * it ever comes earlier). Its size is named in the row's note.
 */
const AFTER_LOAD_TELEMETRY = 'features/usage/vitals.ts';

/**
 * Loads the page on an emulated phone (Playwright's Pixel 7) and collects every script response
 * until the page shows its content and the network is idle, less the telemetry the app loads after
 * the load event (AFTER_LOAD_TELEMETRY). Sizes: gzip level 9 of each script's bytes, and what the
 * server actually sent (its Content-Encoding).
 */
async function firstViewJs(
  browser: Browser,
  base: string,
  page: Page,
  cookie: string,
  manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }>,
): Promise<Row[]> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  // Set once the view is measured: a script arriving later is not part of it.
  let closed = false;
  try {
    if (page.signedIn)
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const i = pair.indexOf('=');
          return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base };
        }),
      );
    const tab = await context.newPage();
    const scripts: { file: string; gzip: number; sent: number }[] = [];
    const pending: Promise<void>[] = [];
    tab.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const body = await res.body();
          const sizes = await res.request().sizes();
          scripts.push({
            file: new URL(res.url()).pathname,
            gzip: gzipSize(body),
            sent: sizes.responseBodySize,
          });
        })().catch((err: unknown) => {
          // Only a script arriving after the view was measured and the page closed (a worker
          // started later): not part of the first view.
          if (!closed && !/has been closed/.test(String(err))) throw err;
        }),
      );
    });
    await tab.goto(base + page.path, { waitUntil: 'networkidle' });
    await tab.getByText(page.expect).first().waitFor({ timeout: 30_000 });
    await tab.waitForLoadState('networkidle');
    await Promise.all(pending);
    // When each script was requested, against the load event (the page's own clock).
    const timing = await tab.evaluate<{ load: number; starts: [string, number][] }>(`({
      load: performance.getEntriesByType('navigation')[0]?.loadEventStart ?? 0,
      starts: performance
        .getEntriesByType('resource')
        .map((e) => [new URL(e.name).pathname, e.startTime]),
    })`);
    const requestedAt = new Map(timing.starts);
    const telemetry = new Set(
      [AFTER_LOAD_TELEMETRY, ...(manifest[AFTER_LOAD_TELEMETRY]?.imports ?? [])]
        .filter((k) => manifest[k] && !manifest[k].isEntry)
        .map((k) => `/${manifest[k]!.file}`),
    );
    const afterLoad = scripts.filter(
      (s) =>
        telemetry.has(s.file) && timing.load > 0 && (requestedAt.get(s.file) ?? -1) >= timing.load,
    );
    // A Web Worker's script (the booth's) is fetched and parsed off the page's main thread: listed
    // apart, once, and not counted in the page's first view.
    const workers = scripts.filter((s) => /\.worker-[^/]*\.js$/.test(s.file));
    const workerFiles = [...new Map(workers.map((w) => [w.file, w])).values()];
    const counted = scripts.filter((s) => !afterLoad.includes(s) && !workers.includes(s));
    const total = counted.reduce((s, x) => s + x.gzip, 0);
    const sent = counted.reduce((s, x) => s + x.sent, 0);
    const ownFile = `/${manifest[page.route]?.file}`;
    const own = scripts.find((s) => s.file === ownFile);
    const list = [...counted]
      .sort((a, b) => b.gzip - a.gzip)
      .map((s) => `${path.basename(s.file)} ${kb(s.gzip)}`)
      .join(', ');
    const notCounted =
      (afterLoad.length
        ? `; not counted, requested after the load event: ${afterLoad
            .map((s) => `${path.basename(s.file)} ${kb(s.gzip)} (web-vitals telemetry)`)
            .join(', ')}`
        : '') +
      (workerFiles.length
        ? `; not counted, Web Worker scripts (off the main thread): ${workerFiles
            .map((s) => `${path.basename(s.file)} ${kb(s.gzip)}`)
            .join(', ')}`
        : '');
    return [
      {
        figure: `First-view JavaScript of ${label(page)} (gzip, every script loaded until rendered and network idle, less telemetry started after the load event)`,
        value: kb(total),
        budget: `≤ ${JS_BUDGET_KB} KB`,
        pass: total <= JS_BUDGET_KB * 1024,
        note: `${counted.length} scripts, ${kb(sent)} as sent (brotli); ${list}${notCounted}`,
      },
      {
        figure: `Route chunk of ${label(page)} (${page.route.replace('app/routes/', '')}, gzip)`,
        value: own ? kb(own.gzip) : 'not loaded',
        ...(own ? {} : { pass: false }),
        note: own ? path.basename(own.file) : `${ownFile} was not among the loaded scripts`,
      },
    ];
  } finally {
    closed = true;
    await context.close();
  }
}

const label = (page: Page) =>
  page.path.startsWith('/voting/') ? '/voting/{id} (signed-in voter)' : page.path;

type Scores = Record<Category, number>;

/** Attempts per Lighthouse run: a run that fails to record (it happens on a busy machine) is retried. */
const LIGHTHOUSE_ATTEMPTS = 3;

/** One Lighthouse run (mobile defaults) in a Chromium of its own; retried when Lighthouse fails. */
async function lighthouseRun(url: string, cookie: string | undefined) {
  let lastError: unknown;
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: CHROME_FLAGS,
    });
    try {
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(LIGHTHOUSE_BUDGETS),
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        },
        undefined,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      if (result.lhr.runtimeError)
        throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
      return result.lhr;
    } catch (err) {
      lastError = err;
      console.warn(`bench: Lighthouse attempt ${attempt} failed: ${(err as Error).message}`);
    } finally {
      chrome.kill();
    }
  }
  throw lastError;
}

/** Lighthouse's mobile defaults on one page, `runs` times (a new Chromium each run); medians. */
async function lighthouseRows(
  base: string,
  page: Page,
  cookie: string,
  runs: number,
): Promise<Row[]> {
  const all: Scores[] = [];
  /** The issue's two timing targets, in ms: largest contentful paint and total blocking time. */
  const timings: { lcp: number; tbt: number }[] = [];
  const benchmarkIndexes: number[] = [];
  const failing = new Map<string, number>();
  for (let i = 0; i < runs; i++) {
    const lhr = await lighthouseRun(base + page.path, page.signedIn ? cookie : undefined);
    // A signed-out voter is sent to the sign-in page: that would measure another page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== page.path.replace(/#.*$/, ''))
      throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${page.path}`);
    benchmarkIndexes.push(Math.round(lhr.environment.benchmarkIndex));
    timings.push({
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? Infinity,
    });
    const scores = {} as Scores;
    for (const c of Object.keys(LIGHTHOUSE_BUDGETS) as Category[]) {
      const category = lhr.categories[c];
      scores[c] = Math.round((category?.score ?? 0) * 100);
      for (const ref of category?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
        failing.set(ref.id, (failing.get(ref.id) ?? 0) + 1);
      }
    }
    const vitals = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']
      .map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    console.log(
      `bench: ${page.path} run ${i + 1}: ${JSON.stringify(scores)}; ${vitals}; below 90: ${
        Object.keys(LIGHTHOUSE_BUDGETS)
          .flatMap((c) =>
            (lhr.categories[c]?.auditRefs ?? [])
              .filter((r) => r.weight > 0)
              .map((r) => lhr.audits[r.id]!)
              .filter((a) => a.score !== null && a.score < 0.9)
              .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
          )
          .join(', ') || 'none'
      }`,
    );
    if (process.env.BENCH_LIGHTHOUSE_DIR) {
      fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
      const name = `${page.path.replace(/\W+/g, '_') || 'home'}-${i + 1}.json`;
      fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, name), JSON.stringify(lhr));
    }
    all.push(scores);
  }
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  const below = [...failing].map(([id, n]) => `${id} (${n}/${runs})`).join(', ');
  const timingRow = (key: 'lcp' | 'tbt', name: string, budget: number): Row => {
    const values = timings.map((t) => Math.round(t[key]));
    const value = median(values);
    return {
      figure: `Lighthouse mobile, ${label(page)}: ${name} (median of ${runs})`,
      value: key === 'lcp' ? `${(value / 1000).toFixed(1)} s` : `${value} ms`,
      budget: key === 'lcp' ? `≤ ${budget / 1000} s` : `≤ ${budget} ms`,
      pass: value <= budget,
      note: `runs ${values.map((v) => (key === 'lcp' ? `${(v / 1000).toFixed(2)} s` : `${v} ms`)).join(', ')}`,
    };
  };
  const categoryRows = (Object.keys(LIGHTHOUSE_BUDGETS) as Category[]).map((c) => {
    const value = median(all.map((s) => s[c]));
    const budget = LIGHTHOUSE_BUDGETS[c];
    return {
      figure: `Lighthouse mobile, ${label(page)}: ${CATEGORY_NAMES[c]} (median of ${runs})`,
      value: String(value),
      budget: budget === 100 ? '100' : `≥ ${budget}`,
      pass: value >= budget,
      note:
        `runs ${all.map((s) => s[c]).join(', ')}` +
        (c === 'performance'
          ? `; Lighthouse CPU benchmark index ${benchmarkIndexes.join(', ')}, load average ${load} after the runs`
          : '') +
        (c === 'performance' && below ? `; audits below 0.9: ${below}` : ''),
    };
  });
  return [
    ...categoryRows,
    timingRow('lcp', 'largest contentful paint', 2500),
    timingRow('tbt', 'total blocking time', 150),
  ];
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Page,
} from '@playwright/test';
import type { z } from '../../shared/validation.ts';
import { XSS_CORPUS, XSS_MARKERS, type Payload } from './xss-corpus.ts';

export const baseUrl = () => process.env.E2E_BASE_URL!;

/** An API client with its own cookies that sends the site's Origin, as a browser on the site does. */
export function apiClient(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { origin: baseUrl() },
  });
}

/** Expects one of the statuses and returns the JSON answer (null for 204). */
export async function ok<T>(res: Promise<APIResponse> | APIResponse, status = [200, 201]) {
  const r = await res;
  expect(status, `${r.url()}: ${await r.text()}`).toContain(r.status());
  return (r.status() === 204 ? null : await r.json()) as T;
}

export async function signInApi(api: APIRequestContext, email: string, password: string) {
  await ok(api.post('/api/auth/sign-in/email', { data: { email, password } }), [200]);
}

/** A refusal the person can act on: the field's rule, in Indonesian. */
const INDONESIAN_REFUSAL =
  /tidak boleh berisi < atau >|hanya boleh berisi|maksimal \d+ karakter|minimal \d+ karakter|harus berupa|tidak valid|wajib diisi/;

/** A hostile value that a field took, and the text a page must show for it. */
export type Plant = { field: string; n: number; text: string };
export type Refusal = { field: string; n: number; message: string; by: 'server' | 'schema' };

/** What went in where: the planted values (shown later as text) and the refusals. */
export class Ledger {
  readonly plants: Plant[] = [];
  readonly refusals: Refusal[] = [];

  plant(field: string, p: Payload, text: string) {
    this.plants.push({ field, n: p.n, text });
  }

  refuse(field: string, p: Payload, message: string, by: Refusal['by']) {
    expect(message, `${field} refusing payload ${p.n}`).toMatch(INDONESIAN_REFUSAL);
    this.refusals.push({ field, n: p.n, message, by });
  }

  /** Every plant of these fields (exact names, or a prefix ending in "."). */
  of(...fields: string[]): Plant[] {
    return this.plants.filter((p) =>
      fields.some((f) => (f.endsWith('.') ? p.field.startsWith(f) : p.field === f)),
    );
  }
}

/**
 * Letters only (names take no digits), the same for a field in every run: appended to what a
 * field holds, so a check finds that field's text and not the same payload in another field.
 */
export function markOf(field: string): string {
  const hash = crypto.createHash('sha256').update(field).digest();
  return Array.from(hash.subarray(0, 5), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

type Sent<T> = { p: Payload; body: T; values: Record<string, string> };

/**
 * Creates one record per payload with the payload in each of its text fields, each followed by
 * ` <tag><field mark>` (the run's tag finds the records, the mark tells the fields apart). A
 * field the server refuses is recorded as refused (with its Indonesian message) and sent again
 * with a harmless value; a record whose every field was refused is not created.
 */
export async function plantEach<T>(
  ledger: Ledger,
  entity: string,
  opts: {
    tag: string;
    fields: readonly string[];
    /** The value sent; `end` is the tag and the field's mark (default: payload + end). */
    value?: (field: string, p: Payload, end: string) => string;
    /** The text a page shows for the value (default: the value). */
    shown?: (field: string, p: Payload, end: string) => string;
    safe: (field: string, p: Payload) => string;
    send: (values: Record<string, string>, p: Payload) => Promise<APIResponse>;
    payloads?: readonly Payload[];
  },
): Promise<Sent<T>[]> {
  const out: Sent<T>[] = [];
  const endOf = (f: string) => ` ${opts.tag}${markOf(`${entity}.${f}`)}`;
  for (const p of opts.payloads ?? XSS_CORPUS) {
    const values = Object.fromEntries(
      opts.fields.map((f) => [f, opts.value?.(f, p, endOf(f)) ?? `${p.text}${endOf(f)}`]),
    );
    const refused = new Set<string>();
    for (;;) {
      const res = await opts.send(values, p);
      if (res.status() < 300) {
        const body = (await res.json()) as T;
        for (const f of opts.fields)
          if (!refused.has(f))
            ledger.plant(`${entity}.${f}`, p, opts.shown?.(f, p, endOf(f)) ?? values[f]!.trim());
        out.push({ p, body, values });
        break;
      }
      const text = await res.text();
      expect(res.status(), `${entity} with payload ${p.n}: ${text}`).toBe(400);
      const fields = (JSON.parse(text) as { error: { fields?: Record<string, string> } }).error
        .fields;
      const fresh = Object.entries(fields ?? {}).filter(
        ([k]) => opts.fields.includes(k) && !refused.has(k),
      );
      expect(fresh.length, `${entity} with payload ${p.n} refused for: ${text}`).toBeGreaterThan(0);
      for (const [k, message] of fresh) {
        ledger.refuse(`${entity}.${k}`, p, message, 'server');
        values[k] = opts.safe(k, p);
        refused.add(k);
      }
      if (refused.size === opts.fields.length) break;
    }
  }
  return out;
}

/**
 * The value of a field there is only one of (a setting, a period's name): as many payloads as
 * the field's own schema (the one the server applies) takes, joined, then the field's mark, all
 * within `max` characters. Each payload in it is one plant whose text is the whole value (so a
 * check finds this field's text, not the same payload elsewhere). Payloads the schema refuses
 * are recorded as refused; the caller checks the server refuses them too (`expectRefused`).
 */
export function fit(
  ledger: Ledger,
  field: string,
  schema: z.ZodType,
  opts: { max: number; start?: number; prefix?: string },
): { value: string; refused: Payload[] } {
  const sep = ' · ';
  const end = ` ${markOf(field)}`;
  const start = opts.start ?? 0;
  const order = [...XSS_CORPUS.slice(start), ...XSS_CORPUS.slice(0, start)];
  const used: Payload[] = [];
  const refused: Payload[] = [];
  let joined = opts.prefix?.trim() ?? '';
  for (const p of order) {
    const alone = schema.safeParse(p.text);
    if (!alone.success) {
      ledger.refuse(field, p, alone.error.issues[0]!.message, 'schema');
      refused.push(p);
      continue;
    }
    const next = joined ? `${joined}${sep}${p.text}` : p.text;
    if (next.length + end.length <= opts.max && schema.safeParse(next + end).success) {
      joined = next;
      used.push(p);
    }
  }
  expect(used.length, `${field} takes at least one payload`).toBeGreaterThan(0);
  const value = joined + end;
  for (const p of used) ledger.plant(field, p, value);
  return { value, refused };
}

/** The server refuses a request carrying refused payloads, naming each field, and changes nothing. */
export async function expectRefused(res: Promise<APIResponse>, fields: string[]) {
  const r = await res;
  const text = await r.text();
  expect(r.status(), text).toBe(400);
  const got = (JSON.parse(text) as { error: { fields?: Record<string, string> } }).error.fields;
  for (const f of fields) expect(got?.[f], `${f} in ${text}`).toMatch(INDONESIAN_REFUSAL);
}

/** A signed-in (or anonymous) browser tab that notes every dialog, CSP report and page error. */
export type Session = {
  name: string;
  page: Page;
  dialogs: string[];
  csp: string[];
  errors: string[];
};

export async function openSession(
  browser: Browser,
  name: string,
  who: { email: string; password: string } | null,
): Promise<Session> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    viewport: { width: 1280, height: 800 },
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      // The trace recorder's own fetches of blob: images (see the console filter below).
      if (e.violatedDirective === 'connect-src' && e.blockedURI === 'blob' && !e.sourceFile) return;
      w.__cspViolations.push(
        `${e.violatedDirective} ${e.blockedURI} ${e.sample} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  const page = await context.newPage();
  const s: Session = { name, page, dialogs: [], csp: [], errors: [] };
  page.on('dialog', async (d) => {
    s.dialogs.push(d.message());
    await d.dismiss();
  });
  page.on('console', (m) => {
    const text = m.text();
    // Playwright's trace recorder fetches blob: images for its snapshots; the page's CSP stops
    // it and says so. That report comes from the test harness, never from the page.
    if (/^Connecting to 'blob:/.test(text) && !m.location().url) return;
    if (/Content Security Policy|Refused to (execute|load|run|evaluate|apply)/i.test(text))
      s.csp.push(`${text.trim()} (${m.location().url}:${m.location().lineNumber})`);
  });
  page.on('pageerror', (e) => s.errors.push(e.message));
  if (who) {
    const res = await context.request.post('/api/auth/sign-in/email', {
      data: who,
      headers: { origin: baseUrl() },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return s;
}

export type ViewOptions = {
  /** Runs after navigation, before the texts are looked for (fill a search box, open a tab). */
  ready?: (page: Page) => Promise<void>;
  /** Opens every <details> (visi and misi on the ballot) before reading the text. */
  openDetails?: boolean;
  /** The pager's accessible name: the texts may be spread over its pages. */
  pager?: string;
  /** Also look at the page 390 px wide: nothing may widen it. */
  phone?: boolean;
  /** Values expected in `alt` attributes (logos named by a hostile name). */
  alts?: readonly Plant[];
  /** Values expected as the whole name of a link (social links). */
  links?: readonly Plant[];
};

/** Counts and checks the pages: every planted text shown as text, nothing run, nothing injected. */
export class Inspector {
  views = 0;
  checks = 0;
  /** Markers, dialogs, CSP reports, handlers, frames or foreign scripts seen (each fails the test). */
  findings = 0;
  phoneViews = 0;
  readonly names: string[] = [];
  /** When set, the pages looked at 390 px wide are saved there at both widths, to look at. */
  private readonly shots = process.env.HOSTILE_SCREENSHOTS_DIR;

  /** Which of these texts the page does not show (case-insensitive: some labels are capitalised). */
  private missing(page: Page, texts: string[], openDetails: boolean) {
    return page.evaluate(
      ({ texts, openDetails }) => {
        if (openDetails) for (const d of document.querySelectorAll('details')) d.open = true;
        const shown = document.body.innerText.toLowerCase();
        return texts.filter((t) => !shown.includes(t.toLowerCase()));
      },
      { texts, openDetails },
    );
  }

  async view(
    s: Session,
    name: string,
    url: string | null,
    expected: readonly Plant[],
    opts: ViewOptions = {},
  ) {
    const { page } = s;
    if (url) await page.goto(url);
    if (opts.ready) await opts.ready(page);
    const openDetails = opts.openDetails ?? false;
    let remaining = [...new Set(expected.map((p) => p.text))];
    for (let n = 1; ; n++) {
      const before = remaining.length;
      if (opts.pager)
        // This page of the list shows something of ours.
        await expect
          .poll(async () => (await this.missing(page, remaining, openDetails)).length, {
            message: `${name}: planted texts appear on page ${n}`,
            timeout: 15_000,
          })
          .toBeLessThan(Math.max(1, before));
      else
        await expect
          .poll(() => this.missing(page, remaining, openDetails), {
            message: `${name}: every planted text is shown as text`,
            timeout: 15_000,
          })
          .toEqual([]);
      remaining = await this.missing(page, remaining, openDetails);
      await this.expectClean(s, name);
      this.views++;
      if (!remaining.length || !opts.pager) break;
      const pager = page.getByRole('navigation', { name: opts.pager });
      const next = pager.getByRole('button', { name: 'Berikutnya' });
      if (!(await next.isVisible()) || (await next.isDisabled())) break;
      await next.click();
      await expect(pager).toContainText(`Halaman ${n + 1} dari`);
    }
    expect(remaining, `${name}: every planted text is shown as text`).toEqual([]);
    for (const a of opts.alts ?? []) {
      await expect(page.locator('img[alt]').filter({ visible: true }).first()).toBeVisible();
      const alts = await page
        .locator('img[alt]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('alt') ?? ''));
      expect(alts, `${name}: alt text of ${a.field}`).toContain(a.text);
    }
    for (const l of opts.links ?? [])
      await expect(page.getByRole('link', { name: l.text, exact: true }).first()).toBeVisible();
    this.checks += expected.length + (opts.alts?.length ?? 0) + (opts.links?.length ?? 0);
    this.names.push(name);
    if (opts.phone) await this.phone(s, name);
  }

  /** Nothing ran and nothing got into the document as markup. */
  async expectClean(s: Session, name: string) {
    const state = await s.page.evaluate((markers) => {
      const w = window as unknown as Record<string, unknown>;
      const all = [...document.querySelectorAll('*')];
      return {
        markers: [
          ...new Set([
            ...Object.keys(w).filter((k) => k.startsWith('__xss')),
            ...markers.filter((m) => m in w),
          ]),
        ],
        cspReports: (w.__cspViolations as string[] | undefined) ?? [],
        handlers: all.flatMap((el) =>
          [...el.attributes]
            .filter((a) => /^on/i.test(a.name))
            .map((a) => `${el.tagName.toLowerCase()} ${a.name}`),
        ),
        embedded: [
          ...document.querySelectorAll(
            'iframe, frame, object, embed, base, meta[http-equiv], [srcdoc], template',
          ),
        ].map((e) => e.tagName.toLowerCase()),
        // The one data element the server puts in a page it rendered (JSON, never run) is the app's.
        foreignScripts: [...document.scripts]
          .filter(
            (sc) =>
              !(sc === document.getElementById('ssr-state') && sc.type === 'application/json'),
          )
          .filter((sc) => !sc.src || new URL(sc.src).origin !== location.origin)
          .map((sc) => sc.outerHTML.slice(0, 80)),
        badUrls: all.flatMap((el) =>
          ['href', 'src', 'action', 'formaction', 'xlink:href']
            .map((a) => el.getAttribute(a) ?? '')
            .filter((v) => /^\s*(javascript|vbscript|data:text)/i.test(v)),
        ),
        titles: document.querySelectorAll('title').length,
      };
    }, XSS_MARKERS);
    this.findings +=
      state.markers.length +
      state.cspReports.length +
      state.handlers.length +
      state.embedded.length +
      state.foreignScripts.length +
      state.badUrls.length +
      s.dialogs.length +
      s.csp.length;
    expect(state, `${name}: nothing ran or was injected`).toEqual({
      markers: [],
      cspReports: [],
      handlers: [],
      embedded: [],
      foreignScripts: [],
      badUrls: [],
      titles: 1,
    });
    expect(s.dialogs, `${name}: no dialog opened`).toEqual([]);
    expect(s.csp, `${name}: no CSP violation logged`).toEqual([]);
    expect(s.errors, `${name}: no page error`).toEqual([]);
  }

  /** 390 px wide: long hostile words wrap instead of widening the page. */
  async phone(s: Session, name: string) {
    const { page } = s;
    const shot = (suffix: string) =>
      this.shots
        ? page.screenshot({
            path: path.join(this.shots, `${name.replace(/[^a-z0-9]+/gi, '-')}-${suffix}.png`),
            fullPage: true,
          })
        : null;
    await shot('1280');
    await page.setViewportSize({ width: 390, height: 844 });
    // Soft: every page's layout is reported, not only the first one that breaks.
    await expect
      .soft(
        async () =>
          expect(
            await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            ),
          ).toBeLessThanOrEqual(0),
        `${name}: no sideways scroll at 390 px`,
      )
      .toPass({ timeout: 3_000 });
    await shot('390');
    await page.setViewportSize({ width: 1280, height: 800 });
    this.phoneViews++;
  }
}

/** Writes the figures like server/security/figures.ts does, when SAFETY_FIGURES_DIR is set. */
export function recordBrowserFigures(
  suite: string,
  figures: Record<string, number | string>,
  summary: string,
) {
  console.log(`${suite} (chromium): ${summary}`);
  const dir = process.env.SAFETY_FIGURES_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${suite}.chromium.json`),
    JSON.stringify({ suite, database: 'chromium', figures, summary }, null, 2),
  );
}

/** HTML-escapes text, as the rich-text editor does with what an admin types. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Decodes the entities the server's page-meta escaping produces. */
export const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** Letters only (names take no digits): the mark that finds this run's records. */
export const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + crypto.randomInt(0, 26))).join('');

/** A small valid PDF, different each time (stored files are deduplicated by their bytes). */
export const pdfBytes = () =>
  Buffer.from(
    `%PDF-1.4\n% ${crypto.randomUUID()}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/** An ISO time `ms` from now. */
export const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

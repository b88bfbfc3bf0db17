import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.ts';

let app: TestApp;

// A stand-in for the web app's server build (web/entry-server.tsx, built by Vite): it asks the API
// who the visitor is, as the real pages' queries do, and renders that. One path cannot be rendered.
const RENDER_MODULE = `
export async function render(url, transport) {
  if (url.startsWith('/tentang')) throw new Error('window is not defined');
  if (url === '/admin') return { html: '', state: '{}', modules: [], redirect: '/login' };
  if (url === '/admin/profil') return { html: '', state: '{}', modules: [], redirect: '//evil.test/x' };
  const me = await (await transport('/api/me', { credentials: 'same-origin' })).json();
  return {
    html: '<h1>' + url + '</h1><p id="who">' + (me.user ? me.user.email : 'anonim') + '</p>',
    state: JSON.stringify({ me, note: '</script><script>alert(1)</script>' }),
    modules: ['app/routes/home.tsx'],
    title: url === '/' ? '</title><script>alert(1)</script> · BEM Poltek Nuklir' : undefined,
  };
}
`;

const SHELL =
  '<!doctype html><html><head><title>x</title></head><body>' +
  '<div id="root"><div class="loading-overlay" role="status"></div></div>\n</body></html>';

beforeAll(async () => {
  app = await startTestApp();
  const web = app.services.env.webDist;
  fs.mkdirSync(path.join(web, '.ssr'), { recursive: true });
  fs.mkdirSync(path.join(web, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), SHELL);
  fs.writeFileSync(path.join(web, '.ssr', 'entry-server.js'), RENDER_MODULE);
  fs.writeFileSync(
    path.join(web, '.vite', 'manifest.json'),
    JSON.stringify({
      'main.tsx': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
      'app/routes/home.tsx': { file: 'assets/home-1.js', css: ['assets/home-1.css'] },
    }),
  );
});
afterAll(() => app.stop());

/** The JSON the page carries for the browser's first render. */
const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="ssr-state">([^<]*)<\/script>/.exec(html)![1]!);

describe('pages rendered by the server', () => {
  it('holds the page ahead of the script, with its data and its screen’s styles applied', async () => {
    const res = await app.client().get('/', { accept: 'text/html' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"><h1>/</h1><p id="who">anonim</p></div>');
    expect(html).not.toContain('loading-overlay');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css" />');
    expect(html).toContain('<script type="module" crossorigin src="/assets/home-1.js"></script>');
    // The data cannot close its script element: the page carries exactly one besides the screen's.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(stateOf(html).note).toBe('</script><script>alert(1)</script>');
    expect(stateOf(html).me.user).toBeNull();
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    // Compressed as the client accepts (fetch asks for gzip and reads it back above).
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const br = await app.client().get('/', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('<p id="who">anonim</p>');
    // The page's own title, as text.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; · BEM Poltek Nuklir</title>',
    );
  });

  it('answers a page that sends the visitor elsewhere with a redirect, to this site only', async () => {
    const client = app.client();
    const res = await client.get('/admin', { accept: 'text/html' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
    // Another site is never a target: the page is sent as rendered.
    const other = await client.get('/admin/profil', { accept: 'text/html' });
    expect(other.status).toBe(200);
    expect(other.headers.get('location')).toBeNull();
  });

  it('renders each visitor as themselves, side by side, and keeps their page out of shared caches', async () => {
    const voter = app.client();
    const { email } = await voter.registerVoter();
    const stranger = app.client();
    const pages = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? stranger : voter).get('/berita', { accept: 'text/html' }),
      ),
    );
    for (const [i, res] of pages.entries()) {
      const html = await res.text();
      expect(html).toContain(`<p id="who">${i % 2 ? 'anonim' : email.toLowerCase()}</p>`);
      expect(stateOf(html).me.user?.email ?? null).toBe(i % 2 ? null : email.toLowerCase());
      if (i % 2 === 0) expect(res.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('sends a page it cannot render as built, for the browser to render', async () => {
    const res = await app.client().get('/tentang', { accept: 'text/html' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('loading-overlay');
    expect(html).not.toContain('ssr-state');
  });

  it('keeps the not-found status of an address outside the route table', async () => {
    const res = await app.client().get('/halaman-yang-tidak-ada', { accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>/halaman-yang-tidak-ada</h1>');
  });

  it('answers a form sent before the script ran by opening the page again, its fields unread', async () => {
    const client = app.client();
    const res = await client.request('POST', '/login?dari=beranda', {
      body: new URLSearchParams({ email: 'a@b.test', password: 'rahasia-sekali' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?dari=beranda');
    // Only pages: any other address is not found, as before.
    expect((await client.request('POST', '/halaman-yang-tidak-ada')).status).toBe(404);
  });
});

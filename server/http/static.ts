import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context.ts';

const hasExtension = /\/[^/]*\.[^/]+$/;

/**
 * Serves the built web app: hashed assets compressed and cached for a year, other files as they
 * are, and every page path (no file extension) falls back to index.html. A missing file is a 404.
 */
export function mountWebApp(app: Hono<AppEnv>, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  let indexHtml: string | undefined;
  const readIndex = () => (indexHtml ??= fs.readFileSync(indexFile, 'utf8'));

  app.use(
    '/assets/*',
    serveStatic({
      root: webDist,
      precompressed: true,
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('/assets/*', (c) => c.text('Berkas tidak ditemukan.', 404));

  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return next();
    if (c.req.path.split('/').some((segment) => segment.startsWith('.'))) {
      return c.text('Berkas tidak ditemukan.', 404);
    }
    if (hasExtension.test(c.req.path)) {
      return serveStatic({
        root: webDist,
        precompressed: true,
        onFound: (_p, ctx) => {
          ctx.header('Cache-Control', 'public, max-age=3600');
        },
        onNotFound: () => {},
      })(c, async () => {
        c.res = c.text('Berkas tidak ditemukan.', 404);
      });
    }
    if (!fs.existsSync(indexFile)) {
      return c.text('Aplikasi web belum dibangun. Jalankan `npm run build` atau `npm start`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readIndex());
  });
}

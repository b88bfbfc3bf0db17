import { createRequire } from 'node:module';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Referensi API — BEM Poltek Nuklir</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', deepLinking: true });`;

/** The OpenAPI document and a readable reference page, served offline and without inline script. */
export function mountDocs(app: OpenAPIHono<AppEnv>) {
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'BEM Poltek Nuklir API',
      version: '1.0.0',
      description:
        'API situs dan e-voting BEM. Sesi masuk memakai cookie httpOnly dari /api/auth/sign-in/email. ' +
        'Semua kesalahan berbentuk { "error": { "code", "message" } } dengan pesan berbahasa Indonesia.',
    },
  });
  app.get('/api/docs', (c) => c.html(page));
  app.get('/api/docs/init.js', (c) =>
    c.body(init, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  app.use(
    '/api/docs/*',
    serveStatic({ root: swaggerDir, rewriteRequestPath: (p) => p.replace(/^\/api\/docs/, '') }),
  );
}

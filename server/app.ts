import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { authBridge } from './http/auth-bridge.ts';
import type { AppEnv, Services } from './http/context.ts';
import { errorResponse, handleError } from './http/errors.ts';
import { clientIp, loadSession, requestLog, securityHeaders } from './http/middleware.ts';
import { acceptedRateLimit, rateLimit } from './http/rate-limit.ts';
import { withSlot } from './http/slots.ts';
import { mountFiles } from './http/files.ts';
import { mountMetrics, requestMetrics } from './http/metrics.ts';
import { originGuard } from './http/origin-guard.ts';
import { storageGuard } from './http/storage-guard.ts';
import { mountWebApp } from './http/static.ts';
import { mountDocs } from './http/docs.ts';
import { healthRouter } from './site/health/health.handlers.ts';
import { activityRouter } from './site/activity/activity.handlers.ts';
import { adminsRouter } from './people/admins/admins.handlers.ts';
import { committeeRouter } from './elections/committee/committee.handlers.ts';
import { electionRequestsRouter } from './elections/requests/election-requests.handlers.ts';
import { setupRouter } from './elections/setup/setup.handlers.ts';
import { votingRouter } from './elections/ballot-box/voting.handlers.ts';
import { turnoutStreamRouter } from './elections/live/turnout-stream.ts';
import { liveMeRouter } from './people/me/live.ts';
import { meRouter } from './people/me/me.handlers.ts';
import { metricsRouter } from './site/metrics/metrics.handlers.ts';
import { mailRouter } from './site/mail/mail.handlers.ts';
import { oversightRouter } from './elections/oversight/oversight.handlers.ts';
import { siteRouter } from './site/settings/site.handlers.ts';
import { structureRouter } from './content/structure/structure.handlers.ts';
import { uploadsRouter } from './content/uploads/uploads.handlers.ts';
import { articlesRouter } from './content/articles/articles.handlers.ts';
import { articlePageMeta, mountSeoFiles } from './content/articles/pages.ts';
import { documentsRouter } from './content/documents/documents.handlers.ts';
import { servicesRouter } from './content/services/services.handlers.ts';
import { resultsRouter } from './elections/results/results.handlers.ts';
import { recordRouter } from './elections/record/record.handlers.ts';
import { trusteesRouter } from './elections/trustees/trustees.handlers.ts';
import { witnessesRouter } from './elections/witnesses/witnesses.handlers.ts';
import { verificationRouter } from './people/voters/verification.handlers.ts';
import { votersRouter } from './people/voters/voters.handlers.ts';
import { signInOptionsRouter } from './people/me/sign-in-options.handlers.ts';

/** JSON bodies above this are refused with 413 (uploads get their own limit on their routes). */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Multipart uploads: a 20 MB file plus the form around it. */
export const UPLOAD_BODY_LIMIT = 21 * 1024 * 1024;

/** The API routers, mounted under /api; their type is what the web client is typed against. */
function apiRoutes() {
  return new OpenAPIHono<AppEnv>()
    .route('/', meRouter)
    .route('/', signInOptionsRouter)
    .route('/', votersRouter)
    .route('/', adminsRouter)
    .route('/', activityRouter)
    .route('/', metricsRouter)
    .route('/', mailRouter)
    .route('/', siteRouter)
    .route('/', structureRouter)
    .route('/', turnoutStreamRouter)
    .route('/', liveMeRouter)
    .route('/', electionRequestsRouter)
    .route('/', committeeRouter)
    .route('/', setupRouter)
    .route('/', oversightRouter)
    .route('/', votingRouter)
    .route('/', verificationRouter)
    .route('/', resultsRouter)
    .route('/', recordRouter)
    .route('/', trusteesRouter)
    .route('/', witnessesRouter)
    .route('/', documentsRouter)
    .route('/', servicesRouter)
    .route('/', articlesRouter)
    .route('/', uploadsRouter);
}

export type ApiRoutes = ReturnType<typeof apiRoutes>;

/**
 * Builds the whole HTTP application: API, auth, docs, health and the web app. `benchRoutes` are
 * mounted under /api behind the same middleware; only `npm run bench` passes them, never production.
 */
export function createApp(services: Services, opts: { benchRoutes?: Hono<AppEnv> } = {}) {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(handleError(services.logger));

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    c.set('services', services);
    await next();
  });
  app.use('*', requestLog(services));
  app.use('*', requestMetrics(services));
  app.use('*', securityHeaders(services.env.publicUrl.startsWith('https://')));
  app.use('*', clientIp(services.env.trustedProxies));

  app.route('/', healthRouter);

  const limit = (maxSize: number, message: string) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is never read; the connection must not be reused for another request.
        c.header('Connection', 'close');
        return errorResponse(c, 413, 'PAYLOAD_TOO_LARGE', message);
      },
    });
  const jsonLimit = limit(JSON_BODY_LIMIT, 'Ukuran data yang dikirim terlalu besar.');
  const uploadLimit = limit(UPLOAD_BODY_LIMIT, 'Ukuran berkas maksimal 20 MB.');
  app.use('/api/*', (c, next) =>
    c.req.path.startsWith('/api/uploads/') ? uploadLimit(c, next) : jsonLimit(c, next),
  );
  // Writes from other sites are refused by origin, whatever their content type.
  app.use('/api/*', originGuard(services.env.publicUrl));
  // On the embedded database, writes wait while its disk is almost full.
  app.use('/api/*', storageGuard(services));

  app.on(['GET', 'POST'], '/api/auth/*', authBridge);

  const registration = acceptedRateLimit('register', {
    windowSeconds: 3600,
    max: services.env.registerPerHour,
    refusedMax: services.env.registerPerHour,
  });
  app.use('/api/voters/register', registration);
  app.use('/api/committee/register', registration);
  app.on(
    'POST',
    '/api/election-requests',
    rateLimit('election-request', {
      windowSeconds: 3600,
      max: services.env.electionRequestsPerHour,
    }),
  );
  // A berita acara is rendered on this process's CPU: ten renderings a minute and two at once
  // per address, four at once in all (a refusal — not found, sealed — costs nothing).
  app.on(
    'GET',
    '/api/results/:electionId/pdf',
    acceptedRateLimit('results-pdf', { windowSeconds: 60, max: 10, refusedMax: 600 }),
    withSlot(services.slots.pdf, {
      retryAfterSeconds: 5,
      message: 'Server sedang membuat berita acara lain. Coba lagi dalam beberapa detik.',
    }),
  );
  // A record download reads every ballot of the election and builds the archive in memory (the
  // list of opened ballots likewise): ten a minute and one at a time per address, two at once in
  // all. Its head (/record/head) is cheap.
  for (const [name, route] of [
    ['record', '/api/elections/:id/record'],
    ['record-audited', '/api/elections/:id/record/audited'],
  ] as const)
    app.on(
      'GET',
      route,
      acceptedRateLimit(name, { windowSeconds: 60, max: 10, refusedMax: 600 }),
      withSlot(services.slots.record, {
        retryAfterSeconds: 5,
        message: 'Server sedang menyiapkan rekaman lain. Coba lagi dalam beberapa detik.',
      }),
    );
  app.use('/api/*', loadSession(services));
  // Who may call what is declared with each route (http/access.ts) and checked before its input
  // is read; handlers check again against the resource.
  app.route('/api', apiRoutes());
  if (opts.benchRoutes) app.route('/api', opts.benchRoutes);
  mountDocs(app);

  app.all('/api/*', (c) => errorResponse(c, 404, 'NOT_FOUND', 'Alamat API tidak ditemukan.'));
  app.all('/api', (c) => errorResponse(c, 404, 'NOT_FOUND', 'Alamat API tidak ditemukan.'));

  mountMetrics(app);
  mountFiles(app);
  mountSeoFiles(app);
  mountWebApp(app, services.env.webDist, { pageMeta: [articlePageMeta] });
  return app;
}

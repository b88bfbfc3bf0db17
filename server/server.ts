import { passwords } from './auth/passwords.ts';
import { useOpensslModPow } from './crypto/openssl-mod-pow.ts';
import { BackgroundWork } from './http/background.ts';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { importDiskFiles } from './files/import-disk-files.ts';
import { MailOutbox, type OutboxOptions } from './mail/outbox.ts';
import { createMetrics, watchGauges } from './runtime/prometheus.ts';
import { callTrusteesToDecrypt } from './elections/trustees/call-trustees.ts';
import { deliverCredentials } from './elections/credentials/deliver-credentials.ts';
import { sendElectionNotices } from './elections/notices/election-notices.ts';
import { Slots } from './http/slots.ts';
import { createAuth } from './auth/auth.ts';
import { createAdmin, hasMasterAdmin } from './people/admins/create-admin.ts';
import { openDatabase } from './db/client.ts';
import { checkDataDir } from './db/data-dir.ts';
import { loadAuthSecret } from './db/secret.ts';
import type { Env } from './runtime/env.ts';
import type { AppEnv, Services } from './http/context.ts';
import { ApiError } from './http/errors.ts';
import { PersonEvents } from './live/person-events.ts';
import { TurnoutEvents } from './elections/live/turnout-events.ts';
import { createLogger, type Logger } from './runtime/logger.ts';
import { createMailer, type MailTransport } from './mail/mailer.ts';
import { closeBallotCheckPool } from './crypto/ballot-check-pool.ts';

export type RunningServer = {
  url: string;
  port: number;
  services: Services;
  /** Stops accepting, finishes in-flight requests, closes the database. */
  stop: () => Promise<void>;
};

/** Opens the database, bootstraps the master admin if configured, and listens. */
export async function startServer(
  env: Env,
  opts: {
    logger?: Logger;
    /** Where the outbox hands mail over (default: SMTP_URL, else files under DATA_DIR/mail). */
    mailTransport?: MailTransport;
    /** The outbox's retry delays and polling (tests make them short). */
    outbox?: OutboxOptions;
    loadDataDir?: Blob;
    inMemory?: boolean;
    /** Extra routes under /api for `npm run bench` only (see createApp). */
    benchRoutes?: Hono<AppEnv>;
    /** scrypt cost for new password hashes: the test suite's lower one (never set by main.ts). */
    passwordScryptN?: number;
    /**
     * The minute's background runs (trustees called, credentials mailed); off only for tests
     * that compare the whole database before and after each request.
     */
    minuteJobs?: boolean;
  } = {},
): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(env.logLevel);
  // The crypto core's variable-base exponentiations (checking ballots, decrypting) go through
  // OpenSSL in this process: several times faster than BigInt.
  useOpensslModPow();
  // Uploads, mail and the embedded database live there: refuse to start if it cannot be written.
  checkDataDir(env.dataDir);
  const database = await openDatabase({
    migrationUrl: env.migrationDatabaseUrl,
    dataDir: env.dataDir,
    databaseUrl: env.databaseUrl,
    loadDataDir: opts.loadDataDir,
    inMemory: opts.inMemory,
  });
  let live: PersonEvents | undefined;
  let turnout: TurnoutEvents | undefined;
  let outbox: MailOutbox | undefined;
  try {
    const metrics = createMetrics();
    const background = new BackgroundWork(logger);
    outbox = new MailOutbox({
      db: database.db,
      transport:
        opts.mailTransport ??
        createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, dataDir: env.dataDir, logger }),
      logger,
      metrics,
      background,
      options: opts.outbox,
    });
    const mailer = outbox.mailer;
    const secret = env.authSecret ?? (await loadAuthSecret(database.db));
    const hasher = passwords(opts.passwordScryptN);
    const auth = createAuth({
      passwords: hasher,
      db: database.db,
      secret,
      publicUrl: env.publicUrl,
      mailer,
      logger,
      signInPerMinute: env.signInPerMinute,
      sso: env.sso,
      background,
    });
    live = await PersonEvents.start(database, logger);
    turnout = await TurnoutEvents.start(database, logger);
    const services: Services = {
      env,
      database,
      auth,
      mailer,
      logger,
      passwords: hasher,
      live,
      turnout,
      lifecycle: { shuttingDown: false },
      background,
      outbox,
      slots: {
        liveStreams: new Slots({ perAddress: env.liveStreamsPerAddress, total: Infinity }),
        // PDFs are rendered on this process's CPU: a few at a time, two per address.
        pdf: new Slots({ perAddress: 2, total: 4 }),
        // A verifiable election's record is read and archived whole for each download.
        record: new Slots({ perAddress: 1, total: 2 }),
      },
      metrics,
    };
    watchGauges(metrics, { liveStreams: () => services.slots.liveStreams.inUse, database });

    if (env.admin && !(await hasMasterAdmin(database.db))) {
      try {
        await createAdmin(database.db, { ...env.admin, role: 'master' }, hasher);
        logger.info({ email: env.admin.email }, 'master admin created from ADMIN_EMAIL');
      } catch (err) {
        // Another instance starting at the same moment created it first.
        if (!(err instanceof ApiError && err.code === 'EMAIL_TAKEN')) throw err;
      }
    }

    // Files an earlier version kept on this instance's disk move into the database first.
    await importDiskFiles(database.db, env.dataDir, logger);

    const app = createApp(services, { benchRoutes: opts.benchRoutes });
    const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }) as Server;
    // An idle keep-alive connection is closed by the server only after its clients (a proxy keeps
    // upstream connections up to 60 s) would have let it go: closing first races a request sent on
    // it at that moment, which then fails with a reset instead of an answer.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    const host = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;

    // Each minute: trustees are called by mail once the polls they hold the key of have closed;
    // voters get their credentials by mail (and the server forgets each once sent) — right after
    // a lock that happens in its handler, here for those verified later or whose mail failed —
    // and are told when their polls open, and reminded before the close if they have not voted.
    const mailDeps = { db: database.db, mailer: services.mailer, logger, publicUrl: env.publicUrl };
    const everyMinute = () => {
      services.background.run('calling the trustees', async () => {
        await callTrusteesToDecrypt(mailDeps);
      });
      services.background.run('credential mail', async () => {
        await deliverCredentials(mailDeps);
      });
      services.background.run('election notices', async () => {
        await sendElectionNotices(mailDeps);
      });
    };
    if (opts.minuteJobs !== false) everyMinute();
    const calling = setInterval(() => {
      if (opts.minuteJobs !== false) everyMinute();
    }, 60_000);
    calling.unref();

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        services.lifecycle.shuttingDown = true;
        clearInterval(calling);
        await services.live.stop();
        await services.turnout.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          // Requests still running after this long are cut so shutdown always ends.
          setTimeout(() => server.closeAllConnections(), 10_000).unref();
        });
        // Registrations still being written finish (a mail server that does not answer is not
        // waited for past ten seconds).
        await Promise.race([
          services.background.settled(),
          new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
        ]);
        await outbox!.stop();
        // The ballot checks still running finish; no thread is left starting when we exit.
        await closeBallotCheckPool();
        await database.close();
      })());

    return { url: `http://${host}:${port}`, port, services, stop };
  } catch (err) {
    await outbox?.stop().catch(() => {});
    await live?.stop().catch(() => {});
    await turnout?.stop().catch(() => {});
    await database.close();
    throw err;
  }
}

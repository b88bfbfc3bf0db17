import type { BackgroundWork } from './background.ts';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import type { Env } from '../runtime/env.ts';
import type { PersonEvents } from '../live/person-events.ts';
import type { TurnoutEvents } from '../elections/live/turnout-events.ts';
import type { Logger } from '../runtime/logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { Metrics } from '../runtime/prometheus.ts';
import type { Slots } from './slots.ts';
import type { Passwords } from '../auth/passwords.ts';

/** Everything a handler may use; built once per process and passed to the app. */
export type Services = {
  env: Env;
  database: Database;
  auth: Auth;
  /** Accepts mail into the outbox (in the caller's transaction when given one). */
  mailer: Mailer;
  /** The outbox's worker: sends what is due, retries, gives up (server/mail/outbox.ts). */
  outbox: MailOutbox;
  logger: Logger;
  /** Password hashing at this instance's cost (server/auth/passwords.ts). */
  passwords: Passwords;
  live: PersonEvents;
  /** Live turnout of elections (one LISTEN, fanned out to every open stream). */
  turnout: TurnoutEvents;
  /** Set when the process has begun shutting down; readiness turns false at once. */
  lifecycle: { shuttingDown: boolean };
  /** Work requests started without waiting for it (shutdown waits for it). */
  background: BackgroundWork;
  /** Concurrent work per client address and in all: public event streams, PDF renderings. */
  slots: { liveStreams: Slots; pdf: Slots; record: Slots };
  /** This instance's Prometheus measurements (GET /metrics). */
  metrics: Metrics;
};

/** The signed-in account, when there is one. */
export type SessionUser = { id: string; email: string; name: string };

export type AppEnv = {
  Variables: {
    services: Services;
    requestId: string;
    clientIp: string;
    user: SessionUser | null;
    sessionId: string | null;
  };
};

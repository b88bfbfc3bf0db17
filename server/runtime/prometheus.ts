import client from 'prom-client';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';

/**
 * This instance's measurements for Prometheus (GET /metrics): Node's own (memory, CPU, event-loop
 * lag, handles), requests by route, ballots cast, live streams, mail, and the database pool. One
 * registry per server (tests run several servers in one process).
 */
export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  return {
    registry,
    requests: new client.Counter({
      name: 'bem_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    requestSeconds: new client.Histogram({
      name: 'bem_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (to its headers), by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    ballotsCast: new client.Counter({
      name: 'bem_ballots_cast_total',
      help: 'Ballots accepted by this instance (a ballot sent again is not counted twice).',
      labelNames: ['kind'] as const,
      registers,
    }),
    mails: new client.Counter({
      name: 'bem_mail_total',
      help: 'Attempts to hand a mail to the mail server (or DATA_DIR/mail), by outcome: sent, retry (failed, tried again later), failed (given up).',
      labelNames: ['outcome'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Gauges read when Prometheus asks: live streams open, and the PostgreSQL pool's use. */
export function watchGauges(
  metrics: Metrics,
  sources: { liveStreams: () => number; database: Database },
) {
  const registers = [metrics.registry];
  new client.Gauge({
    name: 'bem_live_stream_clients',
    help: 'Live turnout streams open on this instance.',
    registers,
    collect() {
      this.set(sources.liveStreams());
    },
  });
  new client.Gauge({
    name: 'bem_mail_outbox',
    help: 'Mails in the outbox shared by every instance, by state (pending: waiting or being retried; failed: given up).',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const rows = await queryRows<{ state: string; n: number }>(
        sources.database.db,
        sql`select state::text as state, count(*)::int as n from mail_outbox
          where state <> 'sent' group by state`,
      );
      this.set({ state: 'pending' }, rows.find((r) => r.state === 'pending')?.n ?? 0);
      this.set({ state: 'failed' }, rows.find((r) => r.state === 'failed')?.n ?? 0);
    },
  });
  const pool = sources.database.pool;
  if (!pool) return;
  new client.Gauge({
    name: 'bem_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance, by state (max: its limit).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const p = pool();
      this.set({ state: 'total' }, p.total);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
      this.set({ state: 'max' }, p.max);
    },
  });
}

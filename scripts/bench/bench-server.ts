// The server process of the elections benchmark: the real app (server/server.ts, configured by the
// usual environment variables) plus the baseline endpoint, which exists only in this process.
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { loadEnv } from '../../server/runtime/env.ts';
import type { AppEnv } from '../../server/http/context.ts';
import { startServer } from '../../server/server.ts';

/** The baseline's own table, created by the bench (never by a migration). */
export const BASELINE_TABLE_SQL = sql`
  create table if not exists bench_baseline (id bigserial primary key, request_id text not null)
`;

export const BASELINE_PATH = '/api/bench/baseline';

/**
 * The floor casting is compared with: behind the same middleware as every API route, one
 * single-row INSERT (one statement, so one transaction) per request and nothing else.
 */
const benchRoutes = new Hono<AppEnv>().post(BASELINE_PATH.replace(/^\/api/, ''), async (c) => {
  await c
    .get('services')
    .database.db.execute(
      sql`insert into bench_baseline (request_id) values (${c.get('requestId')})`,
    );
  return c.json({ ok: true }, 201);
});

if (import.meta.main) {
  const running = await startServer(loadEnv(), { benchRoutes });
  process.once('SIGTERM', () => {
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

import type { Context } from 'hono';
import * as commands from './commands.ts';
import { presentDivision, presentMember, presentPeriod, presentPeriodDetail } from './present.ts';
import {
  defaultPeriod,
  findPeriod,
  listPeriods as listPeriodsQuery,
  periodDetail,
} from './queries.ts';
import { actorOf } from '../../http/actor.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';
import { authorize } from '../../access/authorize.ts';
import {
  createDivision,
  createMember,
  createPeriod,
  deleteDivision,
  deleteMember,
  deletePeriod,
  getCurrentStructure,
  getPeriod,
  listPeriods,
  makePeriodCurrent,
  moveDivision,
  moveMember,
  updateDivision,
  updateMember,
  updatePeriod,
} from './structure.routes.ts';

/** The signed-in admin, or 401/403. */
async function admin(c: Context<AppEnv>) {
  const actor = await actorOf(c);
  authorize(actor, 'content', 'manage', null);
  return actor;
}

const dbOf = (c: Context<AppEnv>) => c.get('services').database.db;

// Public reads change whenever an admin edits; the browser asks again each time.
const fresh = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-cache');

const router = createRouter();
// Writes are refused to anyone but an admin before their body is even validated.
router.use('/structure/*', async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await admin(c);
  await next();
});

export const structureRouter = router
  .openapi(listPeriods, async (c) => {
    const rows = await listPeriodsQuery(dbOf(c));
    fresh(c);
    return c.json({ items: rows.map(presentPeriod) }, 200);
  })
  .openapi(getCurrentStructure, async (c) => {
    const db = dbOf(c);
    const period = await defaultPeriod(db);
    fresh(c);
    return c.json(
      { structure: period ? presentPeriodDetail(await periodDetail(db, period)) : null },
      200,
    );
  })
  .openapi(getPeriod, async (c) => {
    const db = dbOf(c);
    const period = await findPeriod(db, c.req.valid('param').id);
    if (!period) throw new ApiError(404, 'NOT_FOUND', 'Periode tidak ditemukan.');
    fresh(c);
    return c.json(presentPeriodDetail(await periodDetail(db, period)), 200);
  })
  .openapi(createPeriod, async (c) => {
    const actor = await admin(c);
    const row = await commands.createPeriod(dbOf(c), actor, c.req.valid('json'));
    return c.json(presentPeriod(row), 201);
  })
  .openapi(updatePeriod, async (c) => {
    const actor = await admin(c);
    const row = await commands.updatePeriod(
      dbOf(c),
      actor,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(presentPeriod(row), 200);
  })
  .openapi(makePeriodCurrent, async (c) => {
    const actor = await admin(c);
    const row = await commands.makePeriodCurrent(dbOf(c), actor, c.req.valid('param').id);
    return c.json(presentPeriod(row), 200);
  })
  .openapi(deletePeriod, async (c) => {
    const actor = await admin(c);
    await commands.deletePeriod(dbOf(c), actor, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(createDivision, async (c) => {
    const actor = await admin(c);
    const row = await commands.createDivision(
      dbOf(c),
      actor,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(presentDivision(row), 201);
  })
  .openapi(updateDivision, async (c) => {
    const actor = await admin(c);
    const row = await commands.updateDivision(
      dbOf(c),
      actor,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(presentDivision(row), 200);
  })
  .openapi(deleteDivision, async (c) => {
    const actor = await admin(c);
    await commands.deleteDivision(dbOf(c), actor, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(moveDivision, async (c) => {
    const actor = await admin(c);
    await commands.moveDivision(
      dbOf(c),
      actor,
      c.req.valid('param').id,
      c.req.valid('json').direction,
    );
    return c.body(null, 204);
  })
  .openapi(createMember, async (c) => {
    const actor = await admin(c);
    const row = await commands.createMember(
      dbOf(c),
      actor,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(presentMember(row), 201);
  })
  .openapi(updateMember, async (c) => {
    const actor = await admin(c);
    const row = await commands.updateMember(
      dbOf(c),
      actor,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(presentMember(row), 200);
  })
  .openapi(deleteMember, async (c) => {
    const actor = await admin(c);
    await commands.deleteMember(dbOf(c), actor, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(moveMember, async (c) => {
    const actor = await admin(c);
    await commands.moveMember(
      dbOf(c),
      actor,
      c.req.valid('param').id,
      c.req.valid('json').direction,
    );
    return c.body(null, 204);
  });

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elections } from '../../db/schema/index.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { insertOpenElection } from '../../test/elections.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const DAY = 86_400_000;

describe('the public list of elections (home page, E-Voting)', () => {
  it('puts what is open now first, then what opens soonest, then the latest finished', async () => {
    const db = app.services.database.db;
    const make = async (title: string, startsInMs: number, endsInMs: number) => {
      const { election } = await insertOpenElection(db, { startsInMs, endsInMs });
      await db.update(elections).set({ title }).where(eq(elections.id, election.id));
    };
    await make('Jauh', 10 * DAY, 10 * DAY + 3600_000);
    await make('Lama selesai', -30 * DAY, -29 * DAY);
    await make('Dekat', 2 * DAY, 2 * DAY + 3600_000);
    await make('Buka lama', -DAY, 5 * DAY);
    await make('Baru selesai', -2 * DAY, -DAY);
    await make('Buka', -3600_000, 3600_000);
    const { items } = (await (await app.client().get('/api/elections')).json()) as {
      items: { title: string; phase: string }[];
    };
    expect(items.map((e) => `${e.title}:${e.phase}`)).toEqual([
      'Buka:open',
      'Buka lama:open',
      'Dekat:upcoming',
      'Jauh:upcoming',
      'Baru selesai:closed',
      'Lama selesai:closed',
    ]);
  });
});

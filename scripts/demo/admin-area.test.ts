import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../server/commands/create-admin.ts';
import { pageViews, webVitals } from '../../server/db/schema/index.ts';
import { startTestApp, type TestApp } from '../../server/test/app.ts';
import { seedDemoAdminArea } from './admin-area.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

describe('demo usage figures', () => {
  it('fill the dashboard once, only while the tables are empty', async () => {
    const db = app.services.database.db;
    await seedDemoAdminArea(db, app.dataDir, null);
    const rows = async () => [
      Number((await db.select({ n: count() }).from(pageViews))[0]!.n),
      Number((await db.select({ n: count() }).from(webVitals))[0]!.n),
    ];
    const first = await rows();
    await seedDemoAdminArea(db, app.dataDir, null);
    expect(await rows()).toEqual(first);

    await createAdmin(db, {
      email: 'demo@bem.test',
      password: 'sandi-demo-1',
      name: 'Admin Demo',
      role: 'admin',
    });
    const admin = app.client();
    await admin.signIn('demo@bem.test', 'sandi-demo-1');
    const usage = (await (await admin.get('/api/metrics/usage')).json()) as {
      days: { views: number }[];
      topPages: { path: string }[];
      vitals: { samples: number; rating: string | null }[];
    };
    expect(usage.days.every((d) => d.views > 0)).toBe(true);
    expect(usage.topPages[0]!.path).toBe('/');
    expect(usage.vitals.every((v) => v.samples > 100 && v.rating !== null)).toBe(true);
  });
});

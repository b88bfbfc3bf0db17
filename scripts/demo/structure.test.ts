import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABOUT } from '../../shared/site.ts';
import { siteSettings } from '../../server/db/schema/index.ts';
import { startTestApp, type TestApp } from '../../server/test/app.ts';
import { seedDemoAbout, seedDemoStructure } from './structure.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

type Person = { name: string; position: string; photoUrl: string | null };
type Detail = {
  period: { label: string; cabinetName: string; isCurrent: boolean };
  leaders: Person[];
  divisions: { name: string; members: Person[] }[];
};

describe('demo structure and about', () => {
  it('adds the current cabinet with photos and an earlier period once, and example about text', async () => {
    const db = app.services.database.db;
    for (let i = 0; i < 2; i++) {
      await seedDemoStructure(db, null);
      await seedDemoAbout(db, null);
    }
    const periods = (await (await app.client().get('/api/structure/periods')).json()) as {
      items: { id: string; label: string; isCurrent: boolean }[];
    };
    expect(periods.items.map((p) => [p.label, p.isCurrent])).toEqual([
      ['2025/2026', true],
      ['2024/2025', false],
    ]);
    const { structure } = (await (await app.client().get('/api/structure/current')).json()) as {
      structure: Detail;
    };
    expect(structure.period.cabinetName).toBe('Kabinet Sinergi Atom');
    expect(structure.leaders.map((p) => p.position)).toEqual([
      'Ketua',
      'Wakil Ketua',
      'Sekretaris',
      'Bendahara',
    ]);
    expect(structure.divisions.length).toBeGreaterThanOrEqual(4);
    for (const d of structure.divisions) expect(d.members.length, d.name).toBeGreaterThanOrEqual(2);
    const everyone = [...structure.leaders, ...structure.divisions.flatMap((d) => d.members)];
    expect(everyone.every((p) => p.photoUrl?.startsWith('/files/'))).toBe(true);
    const photo = await app.client().get(everyone[0]!.photoUrl!);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');

    const about = (await (
      await app.client().get('/api/site/about')
    ).json()) as typeof DEFAULT_ABOUT;
    expect(about.visi).not.toBe(DEFAULT_ABOUT.visi);
    expect(about.sejarah).toContain('contoh');
    expect(about.mapUrl).toMatch(/^https:\/\//);
  });

  it("keeps an admin's own Tentang text", async () => {
    const db = app.services.database.db;
    await db.delete(siteSettings);
    const own = { ...DEFAULT_ABOUT, visi: 'Visi milik admin.' };
    await db.insert(siteSettings).values({ key: 'about', value: own });
    await seedDemoAbout(db, null);
    const about = (await (
      await app.client().get('/api/site/about')
    ).json()) as typeof DEFAULT_ABOUT;
    expect(about.visi).toBe('Visi milik admin.');
  });
});

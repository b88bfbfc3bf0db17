import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../server/people/admins/create-admin.ts';
import { startTestApp, type TestApp } from '../../server/test/app.ts';
import { seedDemoNews } from './news.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

type Card = { slug: string; title: string; category: string; coverUrl: string; authorName: string };

describe('demo news', () => {
  it('adds five published example articles with covers, once', async () => {
    const db = app.services.database.db;
    const { account } = await createAdmin(db, {
      email: 'redaksi.demo@bem.test',
      password: 'sandi-demo-1',
      name: 'Redaksi Demo',
      role: 'admin',
    });
    await seedDemoNews(db, account.id);
    await seedDemoNews(db, account.id);
    const list = (await (await app.client().get('/api/articles?limit=50')).json()) as {
      items: Card[];
    };
    expect(list.items).toHaveLength(5);
    expect(list.items[0]!.slug).toBe(
      'pemilu-raya-bem-2026-pendaftaran-calon-ketua-dan-wakil-ketua-dibuka',
    );
    expect(new Set(list.items.map((a) => a.category))).toEqual(
      new Set(['Pengumuman', 'Prestasi', 'Kegiatan']),
    );
    expect(list.items.every((a) => a.authorName === 'Redaksi Demo')).toBe(true);
    const image = await app.client().get(list.items[1]!.coverUrl);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const article = (await (
      await app.client().get(`/api/articles/${list.items[3]!.slug}`)
    ).json()) as { body: string };
    expect(article.body).toContain(
      '<a href="https://www.brin.go.id" rel="noopener noreferrer" target="_blank">',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedServiceLink } from '../../shared/schemas/services.ts';
import { startTestApp, type TestApp } from '../../server/test/app.ts';
import { seedDemoDocuments, seedDemoServices } from './documents.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

type Doc = { title: string; contentType: string; downloadUrl: string; fileName: string };

describe('demo documents and services', () => {
  it('adds real PDFs and reachable services once, marked as examples', async () => {
    const db = app.services.database.db;
    for (let i = 0; i < 2; i++) {
      await seedDemoDocuments(db, null);
      await seedDemoServices(db, null);
    }
    const docs = (await (await app.client().get('/api/documents?pageSize=50')).json()) as {
      items: (Doc & { isExample: boolean })[];
    };
    expect(docs.items).toHaveLength(6);
    expect(docs.items[0]).toMatchObject({
      title: 'AD/ART BEM 2025',
      fileName: 'AD ART BEM 2025.pdf',
    });
    expect(docs.items.every((d) => d.isExample && d.contentType === 'application/pdf')).toBe(true);
    const pdf = await app.client().get(docs.items[0]!.downloadUrl);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const services = (await (await app.client().get('/api/services')).json()) as {
      items: { title: string; link: string; isExample: boolean }[];
    };
    expect(services.items.map((s) => s.title)).toEqual([
      'Advokasi Mahasiswa',
      'Layanan Beasiswa Info',
      'Peminjaman Ruang Sekretariat',
      'Peminjaman Alat',
      'Aspirasi Online',
      'Konseling Sebaya',
    ]);
    expect(services.items.every((s) => s.isExample && isAllowedServiceLink(s.link))).toBe(true);
  });
});

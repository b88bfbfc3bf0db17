// `npm run seed:demo`: fills every public page with example content (marked as example), so a new
// installation can be seen working. Running it again adds nothing that is already there.
import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { admins, candidates, elections } from '../server/db/schema/index.ts';
import { openCommandDatabase } from './command-database.ts';
import { seedDemoDocuments, seedDemoServices } from './demo/documents.ts';
import { seedDemoNews } from './demo/news.ts';
import { seedDemoAbout, seedDemoStructure } from './demo/structure.ts';

const EXAMPLE_ELECTION = 'Contoh: Pemilihan Raya Ketua dan Wakil Ketua BEM';

/**
 * An example election, locked and coming in two weeks, so /pemilihan and the ballot page can be
 * seen. Its roll is empty: nobody can vote in it; the master archives it from Kelola Pemilihan.
 */
async function seedDemoElection(db: Db) {
  const [existing] = await db
    .select({ id: elections.id })
    .from(elections)
    .where(like(elections.title, 'Contoh:%'));
  if (existing) return;
  const start = new Date(Date.now() + 14 * 86_400_000);
  start.setUTCHours(1, 0, 0, 0); // 08.00 WIB
  const [election] = await db
    .insert(elections)
    .values({
      title: EXAMPLE_ELECTION,
      organizer: 'KPU BEM (contoh)',
      description:
        'Contoh pemilihan untuk melihat tampilan E-Voting. Daftar pemilihnya kosong, jadi tidak ada yang dapat memilih.',
      startsAt: start,
      endsAt: new Date(start.getTime() + 9 * 3_600_000),
      status: 'ready',
      lockedAt: new Date(),
      rollMode: 'roll',
      rollSize: 0,
    })
    .returning();
  await db.insert(candidates).values([
    {
      electionId: election!.id,
      nomorUrut: 1,
      namaKetua: 'Raka Pratama',
      namaWakil: 'Nadia Putri',
      visi: 'BEM yang terbuka, dekat dengan mahasiswa dan berani bersuara.',
      misi: '1. Forum aspirasi setiap bulan.\n2. Laporan keuangan terbuka.\n3. Kolaborasi dengan himpunan.',
    },
    {
      electionId: election!.id,
      nomorUrut: 2,
      namaKetua: 'Dimas Aryo',
      namaWakil: 'Salsabila Rahma',
      visi: 'Mahasiswa nuklir yang berprestasi dan peduli lingkungan.',
      misi: '1. Pendampingan lomba dan riset.\n2. Program kampus hijau.\n3. Layanan advokasi yang cepat.',
    },
  ]);
}

const database = await openCommandDatabase();
try {
  const db = database.db;
  const [master] = await db
    .select({ userId: admins.userId })
    .from(admins)
    .where(and(eq(admins.role, 'master'), isNull(admins.deactivatedAt)))
    .orderBy(asc(admins.createdAt))
    .limit(1);
  const authorId = master?.userId ?? null;
  const steps: [string, () => Promise<void>][] = [
    ['berita', () => seedDemoNews(db, authorId)],
    ['dokumen', () => seedDemoDocuments(db, authorId)],
    ['layanan', () => seedDemoServices(db, authorId)],
    ['struktur', () => seedDemoStructure(db, authorId)],
    ['tentang', () => seedDemoAbout(db, authorId)],
    ['pemilihan', () => seedDemoElection(db)],
  ];
  for (const [name, run] of steps) {
    await run();
    console.log(`Konten contoh ${name}: siap.`);
  }
  console.log(
    'Selesai. Konten contoh ditandai sebagai contoh dan dapat diubah atau dihapus admin.',
  );
} finally {
  await database.close();
}

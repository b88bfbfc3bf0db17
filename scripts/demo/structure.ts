import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AboutSettings } from '../../shared/site.ts';
import { aboutSettingsSchema } from '../../shared/site.ts';
import type { Db } from '../../server/db/client.ts';
import {
  orgDivisions,
  orgMembers,
  orgPeriods,
  siteSettings,
} from '../../server/db/schema/index.ts';
import { storeImage } from '../../server/files/store.ts';
import { initialsOf } from '../../shared/initials.ts';

const COLOURS = ['#0f2d55', '#1d5fbf', '#146c2e', '#7a3e9d', '#b3261e', '#d99e00', '#17407a'];

/** A square avatar: the person's initials in white on a colour picked from their name. */
async function avatar(name: string): Promise<Buffer> {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  const colour = COLOURS[h % COLOURS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
  <rect width="480" height="480" fill="${colour}"/>
  <circle cx="240" cy="240" r="200" fill="rgba(255,255,255,0.08)"/>
  <text x="240" y="240" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
    font-weight="700" font-size="180" fill="#ffffff">${initialsOf(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type Person = [name: string, position: string];
type DemoPeriod = {
  label: string;
  cabinetName: string;
  tagline: string;
  isCurrent: boolean;
  leaders: Person[];
  divisions: { name: string; description: string; members: Person[] }[];
};

const PERIODS: DemoPeriod[] = [
  {
    label: '2025/2026',
    cabinetName: 'Kabinet Sinergi Atom',
    tagline: 'Bergerak bersama, berdampak nyata untuk kampus dan negeri.',
    isCurrent: true,
    leaders: [
      ['Muhammad Rizky Pratama', 'Ketua'],
      ['Anisa Rahmawati', 'Wakil Ketua'],
      ['Dimas Aditya Nugroho', 'Sekretaris'],
      ['Putri Ayu Lestari', 'Bendahara'],
    ],
    divisions: [
      {
        name: 'Pengembangan Sumber Daya Mahasiswa',
        description: 'Kaderisasi, pelatihan kepemimpinan dan pendampingan mahasiswa baru.',
        members: [
          ['Fajar Setiawan', 'Kepala Divisi'],
          ['Nur Aini Safitri', 'Staf'],
          ['Galih Prasetyo', 'Staf'],
        ],
      },
      {
        name: 'Riset dan Keilmuan',
        description: 'Kajian ilmiah, lomba karya tulis dan diskusi sains dan teknologi nuklir.',
        members: [
          ['Hana Kusumawardani', 'Kepala Divisi'],
          ['Bagus Wicaksono', 'Staf'],
        ],
      },
      {
        name: 'Advokasi dan Kesejahteraan Mahasiswa',
        description: 'Menampung aspirasi, mendampingi urusan akademik dan beasiswa.',
        members: [
          ['Rahmat Hidayat', 'Kepala Divisi'],
          ['Siti Nurhaliza', 'Staf'],
          ['Yoga Permana', 'Staf'],
        ],
      },
      {
        name: 'Media dan Komunikasi',
        description: 'Publikasi kegiatan, media sosial dan desain BEM.',
        members: [
          ['Intan Permatasari', 'Kepala Divisi'],
          ['Arif Budiman', 'Staf'],
        ],
      },
      {
        name: 'Pengabdian Masyarakat',
        description: 'Edukasi keselamatan radiasi dan bakti sosial di sekitar kampus.',
        members: [
          ['Wahyu Saputra', 'Kepala Divisi'],
          ['Dewi Anggraini', 'Staf'],
        ],
      },
    ],
  },
  {
    label: '2024/2025',
    cabinetName: 'Kabinet Cahaya Inti',
    tagline: 'Menyala bersama untuk mahasiswa.',
    isCurrent: false,
    leaders: [
      ['Andika Surya Putra', 'Ketua'],
      ['Larasati Wulandari', 'Wakil Ketua'],
      ['Rizal Maulana', 'Sekretaris'],
      ['Maya Sari Dewi', 'Bendahara'],
    ],
    divisions: [
      {
        name: 'Internal',
        description: 'Kaderisasi dan kekeluargaan pengurus.',
        members: [
          ['Taufik Hidayatullah', 'Kepala Divisi'],
          ['Citra Puspita', 'Staf'],
        ],
      },
      {
        name: 'Eksternal',
        description: 'Hubungan dengan organisasi dan kampus lain.',
        members: [
          ['Yusuf Ramadhan', 'Kepala Divisi'],
          ['Melati Kurniasih', 'Staf'],
        ],
      },
    ],
  },
];

/**
 * Example structure: the current cabinet with four leaders and five divisions of two or three
 * members (initials avatars), and one earlier period. Nothing is added when example periods are
 * there already; a period an admin marked current stays current.
 */
export async function seedDemoStructure(db: Db, authorId: string | null) {
  const [seeded] = await db
    .select({ id: orgPeriods.id })
    .from(orgPeriods)
    .where(eq(orgPeriods.isExample, true))
    .limit(1);
  if (seeded) return;
  const [realCurrent] = await db
    .select({ id: orgPeriods.id })
    .from(orgPeriods)
    .where(eq(orgPeriods.isCurrent, true));
  const photoOf = async (name: string) =>
    (await storeImage(db, await avatar(name), authorId)).small.hash;

  for (const p of PERIODS) {
    const [period] = await db
      .insert(orgPeriods)
      .values({
        label: p.label,
        cabinetName: p.cabinetName,
        tagline: p.tagline,
        isCurrent: p.isCurrent && !realCurrent,
        isExample: true,
      })
      .returning();
    for (const [i, [name, position]] of p.leaders.entries())
      await db.insert(orgMembers).values({
        periodId: period!.id,
        name,
        position,
        photo: await photoOf(name),
        sortOrder: i,
      });
    for (const [i, d] of p.divisions.entries()) {
      const [division] = await db
        .insert(orgDivisions)
        .values({ periodId: period!.id, name: d.name, description: d.description, sortOrder: i })
        .returning();
      for (const [j, [name, position]] of d.members.entries())
        await db.insert(orgMembers).values({
          periodId: period!.id,
          divisionId: division!.id,
          name,
          position,
          photo: await photoOf(name),
          sortOrder: j,
        });
    }
  }
}

const ABOUT: AboutSettings = {
  visi: 'Menjadikan BEM Politeknik Teknologi Nuklir Indonesia sebagai rumah bersama mahasiswa yang kritis, berintegritas dan berdaya guna, yang menghadirkan ilmu pengetahuan dan teknologi nuklir untuk kesejahteraan masyarakat.',
  misi: [
    'Menampung, mengawal dan memperjuangkan aspirasi mahasiswa secara terbuka dan bertanggung jawab.',
    'Menumbuhkan budaya riset, diskusi ilmiah dan keselamatan dalam pemanfaatan teknologi nuklir.',
    'Mengembangkan potensi kepemimpinan, minat dan bakat mahasiswa melalui kegiatan yang terencana.',
    'Membangun kemitraan dengan civitas akademika, alumni, BRIN dan masyarakat sekitar kampus.',
    'Mengelola organisasi secara transparan, akuntabel dan ramah bagi setiap mahasiswa.',
  ],
  sejarah: [
    'Badan Eksekutif Mahasiswa Politeknik Teknologi Nuklir Indonesia tumbuh bersama kampusnya di kawasan Babarsari, Yogyakarta. Sejak masa Sekolah Tinggi Teknologi Nuklir, mahasiswa telah berorganisasi untuk menyuarakan aspirasi dan menghidupkan kegiatan kemahasiswaan di lingkungan pendidikan teknologi nuklir.',
    'Seiring perubahan kampus menjadi politeknik, BEM menata ulang kepengurusannya dalam kabinet yang berganti setiap tahun akademik. Setiap kabinet membawa program kerja di bidang kaderisasi, keilmuan, advokasi, media dan pengabdian masyarakat, termasuk edukasi keselamatan radiasi bagi warga sekitar.',
    'Kini BEM juga menyelenggarakan pemilihan pengurus dan ketua himpunan secara daring melalui situs ini, agar setiap mahasiswa dapat memilih dengan mudah, rahasia dan dapat diperiksa.',
    'Catatan: teks di halaman ini adalah contoh dan dapat diganti pengurus melalui menu Kelola Tentang.',
  ].join('\n\n'),
  contact: {
    address:
      'Sekretariat BEM, Gedung Kemahasiswaan Politeknik Teknologi Nuklir Indonesia, Jl. Babarsari, Caturtunggal, Depok, Sleman, Daerah Istimewa Yogyakarta 55281',
    email: 'bem@poltek.ac.id',
    phone: '(0274) 484085',
    whatsapp: '0812-2700-1234',
    officeHours: 'Senin–Jumat, 09.00–16.00 WIB (contoh)',
  },
  mapUrl: 'https://www.openstreetmap.org/search?query=Politeknik%20Teknologi%20Nuklir%20Indonesia',
};

/** Example Tentang content (marked as an example in its text); an admin's own text is kept. */
export async function seedDemoAbout(db: Db, authorId: string | null) {
  const value = aboutSettingsSchema.parse(ABOUT);
  await db
    .insert(siteSettings)
    .values({ key: 'about', value, updatedBy: authorId })
    .onConflictDoNothing();
}

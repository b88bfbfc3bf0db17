import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { documents, services } from '../../server/db/schema/index.ts';
import { samplePdf } from '../../server/content/documents/sample-pdf.ts';
import { safeFileName, storeDocument } from '../../server/files/store.ts';
import type { DocumentCategory } from '../../shared/schemas/documents.ts';
import type { ServiceCategory } from '../../shared/schemas/services.ts';

type DemoDocument = {
  title: string;
  description: string;
  category: DocumentCategory;
  paragraphs: string[];
};

const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    title: 'AD/ART BEM 2025',
    description:
      'Anggaran Dasar dan Anggaran Rumah Tangga BEM Poltek Nuklir hasil Musyawarah Besar Mahasiswa 2025.',
    category: 'AD/ART',
    paragraphs: [
      'BAB I — Nama, Waktu dan Kedudukan. Organisasi ini bernama Badan Eksekutif Mahasiswa Politeknik Teknologi Nuklir Indonesia, disingkat BEM Poltek Nuklir, berkedudukan di Yogyakarta.',
      'BAB II — Asas dan Tujuan. BEM berasaskan Pancasila dan bertujuan menghimpun, menyalurkan aspirasi serta mengembangkan potensi mahasiswa.',
      'BAB III — Keanggotaan. Anggota BEM adalah seluruh mahasiswa aktif Politeknik Teknologi Nuklir Indonesia.',
      'Dokumen ini adalah contoh untuk demonstrasi situs.',
    ],
  },
  {
    title: 'LPJ Kabinet Sinergi Atom 2024/2025',
    description:
      'Laporan pertanggungjawaban kegiatan dan keuangan Kabinet Sinergi Atom periode 2024/2025.',
    category: 'Laporan Pertanggungjawaban',
    paragraphs: [
      'Ringkasan: selama satu periode kepengurusan, Kabinet Sinergi Atom melaksanakan 24 program kerja dari 27 yang direncanakan.',
      'Realisasi anggaran mencapai 91% dari rencana, dengan rincian per kementerian terlampir.',
      'Dokumen ini adalah contoh untuk demonstrasi situs.',
    ],
  },
  {
    title: 'Program Kerja BEM 2025/2026',
    description: 'Rencana program kerja seluruh kementerian BEM untuk periode 2025/2026.',
    category: 'Program Kerja',
    paragraphs: [
      'Kementerian Advokasi dan Kesejahteraan Mahasiswa: layanan advokasi, pendampingan UKT, dan survei kesejahteraan.',
      'Kementerian Dalam Negeri: forum aspirasi bulanan dan koordinasi himpunan mahasiswa.',
      'Kementerian Riset dan Keilmuan: Nuclear Science Week dan kelas menulis ilmiah.',
      'Dokumen ini adalah contoh untuk demonstrasi situs.',
    ],
  },
  {
    title: 'SK Pengangkatan Pengurus BEM 2025/2026',
    description: 'Surat keputusan pengangkatan pengurus BEM Poltek Nuklir periode 2025/2026.',
    category: 'Surat Keputusan',
    paragraphs: [
      'Menimbang hasil Pemilihan Raya Mahasiswa 2025 dan rapat pleno pengurus, dengan ini menetapkan susunan pengurus BEM Poltek Nuklir periode 2025/2026 sebagaimana terlampir.',
      'Dokumen ini adalah contoh untuk demonstrasi situs.',
    ],
  },
  {
    title: 'Notulen Rapat Kerja BEM 2025',
    description: 'Catatan keputusan Rapat Kerja BEM di awal periode kepengurusan.',
    category: 'Notulensi',
    paragraphs: [
      'Hari/tanggal: Sabtu, 13 September 2025. Tempat: Aula Poltek Nuklir.',
      'Keputusan: kalender kegiatan disahkan; pelaporan keuangan dilakukan setiap akhir bulan.',
      'Dokumen ini adalah contoh untuk demonstrasi situs.',
    ],
  },
  {
    title: 'Formulir Peminjaman Ruang dan Alat',
    description:
      'Formulir untuk meminjam ruang sekretariat atau alat BEM; serahkan ke sekretariat paling lambat 3 hari sebelum kegiatan.',
    category: 'Formulir',
    paragraphs: [
      'Nama peminjam: ..............................   NIM: ....................',
      'Organisasi/kegiatan: ..............................................',
      'Ruang/alat yang dipinjam: ..............................................',
      'Tanggal dan jam pemakaian: ..............................................',
      'Dokumen ini adalah contoh untuk demonstrasi situs.',
    ],
  },
];

type DemoService = {
  title: string;
  description: string;
  category: ServiceCategory;
  link: string;
  contact: string;
  hours: string;
};

const DEMO_SERVICES: DemoService[] = [
  {
    title: 'Advokasi Mahasiswa',
    description:
      'Pendampingan masalah akademik, UKT, keringanan biaya dan kesejahteraan mahasiswa. Ceritakan masalahmu, kami bantu sampai tuntas.',
    category: 'Advokasi & Kesejahteraan',
    link: 'https://wa.me/6281234567801',
    contact: 'Kementerian Advokasi dan Kesejahteraan Mahasiswa',
    hours: 'Senin–Jumat, 09.00–16.00 WIB',
  },
  {
    title: 'Layanan Beasiswa Info',
    description:
      'Informasi beasiswa pemerintah, swasta dan kampus, serta bantuan menyiapkan berkas pendaftaran.',
    category: 'Akademik & Beasiswa',
    link: 'mailto:beasiswa@bem.poltek.ac.id',
    contact: 'beasiswa@bem.poltek.ac.id',
    hours: 'Setiap hari kerja; balasan email paling lambat 2 hari',
  },
  {
    title: 'Peminjaman Ruang Sekretariat',
    description:
      'Ruang sekretariat BEM dapat dipinjam untuk rapat organisasi mahasiswa. Isi formulir peminjaman di Bank Dokumen.',
    category: 'Fasilitas & Peminjaman',
    link: 'https://forms.gle/contoh-peminjaman-ruang',
    contact: 'Sekretariat BEM, Gedung Kemahasiswaan lantai 1',
    hours: 'Senin–Jumat, 08.00–17.00 WIB',
  },
  {
    title: 'Peminjaman Alat',
    description:
      'Proyektor, sound system, tenda dan perlengkapan kegiatan untuk organisasi mahasiswa.',
    category: 'Fasilitas & Peminjaman',
    link: 'tel:+62274489716',
    contact: 'Kementerian Dalam Negeri BEM',
    hours: 'Senin–Jumat, 09.00–15.00 WIB',
  },
  {
    title: 'Aspirasi Online',
    description:
      'Sampaikan kritik, saran dan aspirasi untuk kampus dan BEM; setiap aspirasi ditindaklanjuti dalam forum bulanan.',
    category: 'Aspirasi',
    link: 'https://forms.gle/contoh-aspirasi-online',
    contact: 'Kementerian Dalam Negeri BEM',
    hours: 'Dibuka 24 jam',
  },
  {
    title: 'Konseling Sebaya',
    description:
      'Teman bicara yang terlatih untuk masalah kuliah, adaptasi dan kesehatan mental. Rahasia terjaga.',
    category: 'Konseling',
    link: 'https://wa.me/6281234567802',
    contact: 'Tim Konselor Sebaya BEM',
    hours: 'Selasa dan Kamis, 13.00–17.00 WIB (dengan janji temu)',
  },
];

/**
 * Example documents of the Bank Dokumen: real small PDFs stored like uploads, marked isExample.
 * Does nothing when example documents already exist.
 */
export async function seedDemoDocuments(db: Db, authorId: string | null) {
  const existing = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.isExample, true))
    .limit(1);
  if (existing.length) return;
  const order = new Map<string, number>();
  for (const d of DEMO_DOCUMENTS) {
    const pdf = await samplePdf(d.title, d.paragraphs);
    const { file, extension } = await storeDocument(db, pdf, authorId);
    const sortOrder = order.get(d.category) ?? 0;
    order.set(d.category, sortOrder + 1);
    await db.insert(documents).values({
      title: d.title,
      description: d.description,
      category: d.category,
      file: file.hash,
      fileName: safeFileName(d.title, extension),
      sortOrder,
      isExample: true,
    });
  }
}

/** Example services, marked isExample. Does nothing when example services already exist. */
export async function seedDemoServices(db: Db, _authorId: string | null) {
  const existing = await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.isExample, true))
    .limit(1);
  if (existing.length) return;
  const order = new Map<string, number>();
  for (const s of DEMO_SERVICES) {
    const sortOrder = order.get(s.category) ?? 0;
    order.set(s.category, sortOrder + 1);
    await db.insert(services).values({ ...s, sortOrder, isExample: true });
  }
}

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ArticleCategory } from '../../shared/schemas/articles.ts';
import { sanitizeArticleHtml } from '../../server/content/articles/sanitize.ts';
import { insertWithSlug } from '../../server/content/articles/slugs.ts';
import type { Db } from '../../server/db/client.ts';
import { admins, articles } from '../../server/db/schema/index.ts';
import { storeImage } from '../../server/files/store.ts';

type DemoArticle = {
  title: string;
  summary: string;
  category: ArticleCategory;
  /** How long ago it was published, in days. */
  daysAgo: number;
  colours: [string, string];
  body: string;
};

const DEMO_ARTICLES: DemoArticle[] = [
  {
    title: 'Pemilu Raya BEM 2026: Pendaftaran Calon Ketua dan Wakil Ketua Dibuka',
    summary:
      'Komisi Pemilihan Umum Mahasiswa membuka pendaftaran pasangan calon Ketua dan Wakil Ketua BEM periode 2026/2027 hingga akhir bulan.',
    category: 'Pengumuman',
    daysAgo: 2,
    colours: ['#0f2d55', '#1d5fbf'],
    body: `<p>Komisi Pemilihan Umum Mahasiswa (KPUM) Politeknik Teknologi Nuklir Indonesia resmi membuka pendaftaran pasangan calon Ketua dan Wakil Ketua BEM periode 2026/2027. Pendaftaran dilakukan di sekretariat BEM setiap hari kerja pukul 09.00–15.00 WIB.</p>
<h2>Syarat pendaftaran</h2>
<ul><li>Mahasiswa aktif minimal semester tiga dengan IPK paling rendah 3,00.</li><li>Pernah mengikuti kepanitiaan atau organisasi kemahasiswaan di kampus.</li><li>Menyerahkan visi, misi dan program kerja dalam satu berkas.</li><li>Mendapat dukungan dari sekurang-kurangnya 50 mahasiswa aktif.</li></ul>
<h2>Tahapan berikutnya</h2>
<p>Setelah verifikasi berkas, KPUM mengumumkan pasangan calon yang lolos dan menggelar debat terbuka. Pemungutan suara dilaksanakan secara elektronik melalui situs ini; pemilih wajib mendaftar dan diverifikasi lebih dahulu di halaman <strong>Pemilihan</strong>.</p>
<blockquote><p>"Pemira adalah ruang belajar berdemokrasi. Mari gunakan hak pilih dengan jujur dan bertanggung jawab." — Ketua KPUM</p></blockquote>`,
  },
  {
    title: 'Mahasiswa Elektronika Instrumentasi Raih Juara 1 Kontes Robot Nasional',
    summary:
      'Tim robotika Poltek Nuklir membawa pulang juara pertama kategori robot tematik berkat sistem sensor radiasi buatan sendiri.',
    category: 'Prestasi',
    daysAgo: 6,
    colours: ['#7a5300', '#d99e00'],
    body: `<p>Tim robotika mahasiswa Program Studi Elektronika Instrumentasi berhasil meraih juara pertama pada Kontes Robot Indonesia tingkat nasional kategori robot tematik. Robot rancangan tim mampu memetakan area dan mendeteksi sumber radiasi tiruan secara mandiri.</p>
<h2>Berawal dari bengkel kampus</h2>
<p>Selama empat bulan, tim berlatih hampir setiap sore di laboratorium instrumentasi. Sensor yang dipakai dikalibrasi sendiri dengan bimbingan dosen pembina, sehingga biaya pembuatan jauh lebih hemat.</p>
<p>BEM mengucapkan selamat dan terima kasih atas dedikasi tim. <em>Semoga menjadi inspirasi bagi mahasiswa lain untuk berkarya.</em></p>`,
  },
  {
    title: 'Bakti Sosial Desa Binaan: Edukasi Energi dan Cek Kesehatan Gratis',
    summary:
      'Lebih dari 80 mahasiswa turun ke desa binaan untuk edukasi energi bersih bagi pelajar dan pemeriksaan kesehatan gratis bagi warga.',
    category: 'Kegiatan',
    daysAgo: 12,
    colours: ['#146c2e', '#3aa35b'],
    body: `<p>Kementerian Sosial Masyarakat BEM menggelar bakti sosial di desa binaan kampus pada akhir pekan lalu. Kegiatan dibuka oleh kepala desa dan diikuti lebih dari 80 mahasiswa relawan.</p>
<h2>Rangkaian kegiatan</h2>
<ol><li>Kelas edukasi energi bersih dan keselamatan radiasi untuk pelajar SMP.</li><li>Pemeriksaan tekanan darah dan gula darah gratis bersama tenaga kesehatan.</li><li>Pembagian paket sembako untuk keluarga prasejahtera.</li></ol>
<p>Dokumentasi lengkap kegiatan dapat dilihat di akun media sosial BEM.</p>`,
  },
  {
    title: 'Seminar Nasional Energi Nuklir untuk Indonesia Rendah Karbon',
    summary:
      'BEM bersama himpunan mahasiswa menghadirkan peneliti dan praktisi untuk membahas peran energi nuklir dalam transisi energi.',
    category: 'Kegiatan',
    daysAgo: 20,
    colours: ['#17407a', '#5b8def'],
    body: `<p>Seminar nasional bertema <strong>"Energi Nuklir untuk Indonesia Rendah Karbon"</strong> diikuti lebih dari 300 peserta dari berbagai kampus, baik luring di auditorium maupun daring.</p>
<h3>Pokok bahasan</h3>
<ul><li>Peluang reaktor modular kecil bagi kelistrikan daerah.</li><li>Keselamatan dan penerimaan masyarakat.</li><li>Peran mahasiswa dalam literasi energi.</li></ul>
<p>Materi seminar dapat diunduh di halaman Dokumen. Informasi lebih lanjut: <a href="https://www.brin.go.id">Badan Riset dan Inovasi Nasional</a>.</p>`,
  },
  {
    title: 'Sosialisasi Tata Cara Pemungutan Suara Elektronik Pemira',
    summary:
      'KPUM mengajak seluruh mahasiswa mengikuti sosialisasi pemungutan suara elektronik: mendaftar, verifikasi, memilih dan menyimpan Kode Bukti.',
    category: 'Pengumuman',
    daysAgo: 27,
    colours: ['#5a2d82', '#9b59d0'],
    body: `<p>Menjelang Pemira, KPUM menggelar sosialisasi tata cara pemungutan suara elektronik di setiap program studi. Mahasiswa diminta hadir membawa kartu tanda mahasiswa.</p>
<h2>Langkah memilih</h2>
<ol><li>Daftar sebagai pemilih di halaman Register Pemilih dengan NIM dan email kampus.</li><li>Tunggu verifikasi admin; status terlihat di dashboard pemilih.</li><li>Saat pemungutan dibuka, pilih pasangan calon dan konfirmasi pilihan.</li><li>Simpan <strong>Kode Bukti</strong> untuk memeriksa bahwa suara Anda tercatat.</li></ol>
<p>Pilihan bersifat rahasia: sistem tidak menyimpan hubungan antara pemilih dan suaranya.</p>`,
  },
];

/** A 1200×630 cover: a two-colour gradient, the organisation's atom and the category. */
async function cover(a: DemoArticle): Promise<Buffer> {
  const [from, to] = a.colours;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <g fill="none" stroke="rgba(255,255,255,0.35)" stroke-width="10" transform="translate(880 315)">
    <ellipse rx="230" ry="88"/>
    <ellipse rx="230" ry="88" transform="rotate(60)"/>
    <ellipse rx="230" ry="88" transform="rotate(120)"/>
  </g>
  <circle cx="880" cy="315" r="38" fill="#f2b705"/>
  <text x="80" y="330" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700"
    font-size="84" fill="#ffffff">${a.category}</text>
  <text x="84" y="400" font-family="DejaVu Sans, Liberation Sans, sans-serif"
    font-size="34" fill="rgba(255,255,255,0.85)">BEM Poltek Nuklir</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Adds five published example articles (Pemira announcements, an achievement, activities) with
 * generated covers, marked isExample. Does nothing when example articles already exist.
 */
export async function seedDemoNews(db: Db, authorId: string | null) {
  const existing = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.isExample, true))
    .limit(1);
  if (existing.length) return;
  let authorName = 'Redaksi BEM';
  if (authorId) {
    const [admin] = await db.select().from(admins).where(eq(admins.userId, authorId));
    authorName = admin?.namaTampilan || admin?.namaLengkap || authorName;
  }
  for (const a of DEMO_ARTICLES) {
    const { large, small } = await storeImage(db, await cover(a), authorId);
    await insertWithSlug(db, a.title, {
      title: a.title,
      summary: a.summary,
      category: a.category,
      body: sanitizeArticleHtml(a.body.replace(/\n/g, '')),
      cover: large.hash,
      coverSmall: small.hash,
      status: 'published',
      publishedAt: new Date(Date.now() - a.daysAgo * 86_400_000 - 3 * 3_600_000),
      authorId,
      authorName,
      isExample: true,
    });
  }
}

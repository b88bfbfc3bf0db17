import { formatWib } from '../../../shared/wib.ts';
import { asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { committeeMembers } from '../../db/schema/index.ts';
import { computeResults, type ElectionResults } from './compute-results.ts';
import { resultsFileName } from './export-csv.ts';
import { keySummary, type KeySummary } from '../trustees/summary.ts';

const number = new Intl.NumberFormat('id-ID');
const percent = new Intl.NumberFormat('id-ID', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const pct = (n: number) => `${percent.format(n)}%`;

/** The address of the public verification page of an election's results. */
export const verificationUrl = (publicUrl: string, electionId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/hasil/${electionId}`;

export type BeritaAcaraInput = {
  results: ElectionResults;
  committee: string[];
  publicUrl: string;
  generatedAt: Date;
  /** A verifiable election's record and who holds its key (names and roles, never keys). */
  record?: KeySummary | undefined;
};

const PAGE = { size: 'A4' as const, margin: 50 };
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MONO = 'Courier';

/**
 * The berita acara (official report) of an election's results as a PDF: election data, schedule in
 * WIB, committee, votes and percentages, turnout overall and per prodi, the ballot chain head, a
 * QR code to the public verification page, and signature lines for the committee chair and a
 * witness. Any mismatch found while counting is printed, never left out.
 */
export async function renderBeritaAcara(input: BeritaAcaraInput): Promise<Buffer> {
  const { results: r, committee, publicUrl, generatedAt, record } = input;
  const url = verificationUrl(publicUrl, r.election.id);
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    info: {
      Title: `Berita Acara Hasil Pemilihan - ${r.election.title}`,
      Author: r.election.organizer,
      Subject: 'Berita acara hasil pemungutan suara',
      CreationDate: generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const width = doc.page.width - 2 * PAGE.margin;
  const bottom = () => doc.page.height - PAGE.margin;
  const ensure = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensure(40);
    doc.moveDown(0.6).font(BOLD).fontSize(12).text(text, left, doc.y, { width });
    doc.moveDown(0.3).font(FONT).fontSize(10);
  };
  const field = (label: string, value: string) => {
    ensure(16);
    const y = doc.y;
    doc.font(FONT).fontSize(10).text(label, left, y, { width: 130 });
    doc.text(`: ${value}`, left + 130, y, { width: width - 130 });
    doc.x = left;
  };
  /** A table with fixed column widths; a header row in bold, a rule under it. */
  const table = (
    columns: { title: string; width: number; align?: 'left' | 'right' }[],
    rows: string[][],
  ) => {
    const draw = (cells: string[], font: string) => {
      doc.font(font).fontSize(10);
      const h =
        Math.max(
          ...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 6 })),
        ) + 6;
      ensure(h);
      const y = doc.y;
      let x = left;
      cells.forEach((cell, i) => {
        const col = columns[i]!;
        doc.text(cell, x + 3, y + 3, { width: col.width - 6, align: col.align ?? 'left' });
        x += col.width;
      });
      doc.y = y + h;
      return y;
    };
    const top = draw(
      columns.map((c) => c.title),
      BOLD,
    );
    const total = columns.reduce((s, c) => s + c.width, 0);
    doc
      .moveTo(left, top)
      .lineTo(left + total, top)
      .moveTo(left, doc.y)
      .lineTo(left + total, doc.y)
      .lineWidth(0.7)
      .stroke();
    for (const row of rows) draw(row, FONT);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + total, doc.y)
      .lineWidth(0.7)
      .stroke();
    doc.x = left;
    doc.font(FONT).fontSize(10);
  };

  // Title
  doc.font(BOLD).fontSize(15).text('BERITA ACARA', { align: 'center' });
  doc.fontSize(12).text('HASIL PEMUNGUTAN DAN PENGHITUNGAN SUARA', { align: 'center' });
  doc.moveDown(0.3).font(FONT).fontSize(12).text(r.election.title, { align: 'center' });
  doc.moveDown(0.8);

  heading('A. Data Pemilihan');
  field('Nama pemilihan', r.election.title);
  field('Penyelenggara', r.election.organizer);
  field('ID pemilihan', r.election.id);
  field('Waktu mulai', formatWib(r.election.startsAt));
  field('Waktu selesai', formatWib(r.election.endsAt));
  if (r.election.extension) {
    field(
      'Perpanjangan',
      `dari ${formatWib(r.election.extension.from)} menjadi ${formatWib(r.election.extension.to)}; alasan: ${r.election.extension.reason}`,
    );
  }
  field(
    'Status',
    r.election.phase === 'published' ? 'Hasil diumumkan' : 'Pemungutan suara ditutup',
  );

  heading('B. Panitia Pemilihan');
  if (committee.length === 0) doc.text('Belum ada anggota panitia yang tercatat.');
  committee.forEach((name, i) => {
    ensure(14);
    doc.text(`${i + 1}. ${name}`, left, doc.y, { width });
  });

  heading('C. Perolehan Suara');
  table(
    [
      { title: 'No.', width: 40 },
      { title: 'Pilihan', width: width - 40 - 90 - 90 },
      { title: 'Jumlah Suara', width: 90, align: 'right' },
      { title: 'Persentase', width: 90, align: 'right' },
    ],
    r.options.map((o) => [
      o.nomorUrut === null ? '-' : String(o.nomorUrut),
      o.kind === 'kotak-kosong'
        ? 'Kotak Kosong'
        : `${o.namaKetua}${o.namaWakil ? ` & ${o.namaWakil}` : ''}`,
      number.format(o.votes),
      pct(o.percent),
    ]),
  );
  doc.moveDown(0.5);
  field('Surat suara masuk', number.format(r.totals.ballots));
  field('Suara sah', number.format(r.totals.valid));
  if (r.abstain)
    field(
      'Abstain',
      `${number.format(r.abstain.votes)} (${pct(r.abstain.percentOfBallots)} dari surat suara masuk)`,
    );
  field(
    'Hasil',
    r.winner
      ? r.kotakKosongWon
        ? 'Kotak Kosong memperoleh suara terbanyak'
        : `Suara terbanyak: ${r.winner.label}`
      : r.tie
        ? 'Seri: lebih dari satu pilihan memperoleh suara terbanyak yang sama'
        : 'Tidak ada suara sah',
  );
  doc.font(FONT).fontSize(8).fillColor('#444');
  doc.text('Persentase dihitung dari suara sah (abstain tidak termasuk).', left, doc.y, { width });
  doc.fillColor('black').fontSize(10);

  heading('D. Partisipasi Pemilih');
  field(
    'Keseluruhan',
    `${number.format(r.turnout.voted)} dari ${number.format(r.turnout.rollSize)} pemilih (${pct(r.turnout.percent)})`,
  );
  doc.moveDown(0.3);
  table(
    [
      { title: 'Program Studi', width: width - 3 * 85 },
      { title: 'Pemilih (DPT)', width: 85, align: 'right' },
      { title: 'Memilih', width: 85, align: 'right' },
      { title: 'Partisipasi', width: 85, align: 'right' },
    ],
    r.turnout.perProdi.map((g) => [
      g.prodi,
      number.format(g.rollSize),
      number.format(g.voted),
      pct(g.percent),
    ]),
  );

  heading('E. Integritas Data');
  doc.text(
    'Hash akhir rantai surat suara (SHA-256, disusun menurut hash Kode Bukti). Siapa pun dapat ' +
      'menghitung ulang nilai ini dari kotak suara untuk memastikan tidak ada surat suara yang ' +
      'ditambah, diubah, atau dihapus.',
    left,
    doc.y,
    { width },
  );
  doc
    .moveDown(0.3)
    .font(MONO)
    .fontSize(9)
    .text(r.chain.sealedHead ?? r.chain.head, { width });
  doc.font(FONT).fontSize(10);
  if (r.problems.length) {
    doc.moveDown(0.5).font(BOLD).fillColor('#a00').text('Ketidakcocokan yang ditemukan:');
    doc.font(FONT);
    for (const p of r.problems) {
      ensure(14);
      doc.text(`- ${p}`, left, doc.y, { width });
    }
    doc.fillColor('black');
  } else {
    doc
      .moveDown(0.3)
      .text(
        'Pemeriksaan otomatis: jumlah partisipasi, jumlah surat suara, digest ' +
          'setiap surat suara, dan rantai surat suara cocok.',
        left,
        doc.y,
        { width },
      );
  }

  if (record) {
    heading('F. Rekaman Terverifikasi dan Wali Kunci');
    doc.text(
      'Seluruh pemilihan ini tercatat dalam rekaman publik berformat Belenios 2.0: kunci, surat ' +
        'suara terenkripsi, tally, dekripsi beserta buktinya, dan hasil.',
      left,
      doc.y,
      { width },
    );
    doc.moveDown(0.3);
    field('Kode pemilihan', record.uuid);
    field('Sidik pemilihan', record.fingerprint);
    if (record.threshold !== null) {
      field(
        'Pemegang kunci',
        `kunci server dan ${record.trustees.length} wali kunci; hasil dibuka oleh ` +
          `${record.threshold} wali kunci bersama kunci server`,
      );
      record.trustees.forEach((t, i) => {
        ensure(14);
        doc.text(
          `${i + 1}. ${t.namaLengkap} (${t.role === 'saksi' ? 'Saksi' : 'Panitia'})`,
          left,
          doc.y,
          {
            width,
          },
        );
      });
    } else {
      field('Pemegang kunci', 'kunci server saja (pemilihan ini tidak memiliki wali kunci)');
    }
    doc.moveDown(0.3);
    doc.text(
      `Cara memeriksa: unduh rekaman dari ${url}, lalu periksa di halaman Verifikasi situs ini ` +
        'atau dengan perintah "belenios-tool election verify --dir <folder berisi berkas .bel>".',
      left,
      doc.y,
      { width },
    );
  }

  // Verification QR code and signatures stay together on one page.
  const qrSize = 80;
  ensure(qrSize + 16 + 45);
  doc.moveDown(0.8);
  const blockTop = doc.y;
  drawQr(doc, url, left, blockTop, qrSize);
  doc
    .font(FONT)
    .fontSize(8)
    .text('Pindai kode QR ini', left, blockTop + qrSize + 2, {
      width: qrSize,
      align: 'center',
    });

  const sigW = 140;
  const sigX1 = left + width - 2 * sigW - 20;
  const sigX2 = left + width - sigW;
  doc.fontSize(10);
  doc.text(`Yogyakarta, ${dateOnly(generatedAt)}`, sigX1, blockTop, {
    width: 2 * sigW + 20,
    align: 'center',
  });
  for (const [x, role] of [
    [sigX1, 'Ketua Panitia'],
    [sigX2, 'Saksi'],
  ] as const) {
    doc.text(role, x, blockTop + 16, { width: sigW, align: 'center' });
    doc
      .moveTo(x + 10, blockTop + 68)
      .lineTo(x + sigW - 10, blockTop + 68)
      .lineWidth(0.7)
      .stroke();
    doc.text('Nama dan tanda tangan', x, blockTop + 72, { width: sigW, align: 'center' });
  }
  doc.x = left;
  doc.y = Math.max(doc.y, blockTop + qrSize + 16);
  doc
    .moveDown(0.8)
    .fontSize(9)
    .text('Halaman verifikasi hasil: ', left, doc.y, { width, continued: true })
    .fillColor('#0645ad')
    .text(url, { link: url, underline: true })
    .fillColor('black');

  doc
    .moveDown(1)
    .font(FONT)
    .fontSize(8)
    .fillColor('#444')
    .text(`Dokumen dibuat otomatis pada ${formatWib(generatedAt)}.`, left, doc.y, { width });
  doc.end();
  return done;
}

const dateOnly = (d: Date) =>
  new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'Asia/Jakarta' }).format(d);

/** Draws a QR code as vector squares (crisp at any zoom), quiet zone included. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + 2 * quiet);
  doc.save().fillColor('black');
  for (let row = 0; row < n; row++) {
    // One rectangle per run of dark modules: smaller file, no seams between neighbours.
    for (let col = 0; col < n;) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      doc.rect(x + (start + quiet) * cell, y + (row + quiet) * cell, (col - start) * cell, cell);
    }
  }
  doc.fill().restore();
}

/** The berita acara of a closed or published election (409 while sealed). */
export async function exportResultsPdf(
  db: Db,
  electionId: string,
  now: Date,
  publicUrl: string,
): Promise<{ filename: string; body: Buffer }> {
  const results = await computeResults(db, electionId, now);
  const committee = await db
    .select({ nama: committeeMembers.namaLengkap })
    .from(committeeMembers)
    .where(eq(committeeMembers.electionId, electionId))
    .orderBy(asc(committeeMembers.joinedAt), asc(committeeMembers.namaLengkap));
  const body = await renderBeritaAcara({
    results,
    committee: committee.map((c) => c.nama),
    publicUrl,
    generatedAt: now,
    record: await keySummary(db, electionId),
  });
  return { filename: resultsFileName(results, 'pdf'), body };
}

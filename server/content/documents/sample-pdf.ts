import PDFDocument from 'pdfkit';

/**
 * A small, real A4 PDF with a title and paragraphs (demo content and tests). Its bytes differ on
 * every call (pdfkit stamps the creation time), so each one is stored as its own file.
 */
export function samplePdf(title: string, paragraphs: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).text(title);
    doc.moveDown();
    doc.font('Helvetica').fontSize(11);
    for (const p of paragraphs) doc.text(p, { align: 'justify' }).moveDown(0.6);
    doc.end();
  });
}

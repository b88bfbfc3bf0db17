import { useDocumentTitle } from '../../components/use-document-title.ts';
import { DocumentLibrary } from '../../features/documents/components/document-library.tsx';

/** /dokumen: the Bank Dokumen. */
export function Component() {
  useDocumentTitle('Bank Dokumen');
  return (
    <div className="container page">
      <h1>Bank Dokumen</h1>
      <p className="lead">
        Dokumen resmi BEM Poltek Nuklir: AD/ART, laporan pertanggungjawaban, program kerja, surat
        keputusan dan formulir. Unduh, atau lihat PDF langsung di peramban.
      </p>
      <DocumentLibrary />
    </div>
  );
}

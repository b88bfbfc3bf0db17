import { useDocumentTitle } from '../../components/use-document-title.ts';
import { StructureView } from '../../features/structure/components/structure-view.tsx';

/** /struktur: the organisation by period, as a chart. */
export function Component() {
  useDocumentTitle('Struktur Organisasi');
  return (
    <div className="container page structure-page">
      <h1>Struktur Organisasi</h1>
      <p className="lead">
        Pengurus Badan Eksekutif Mahasiswa per periode kepengurusan: pimpinan dan divisi beserta
        anggotanya.
      </p>
      <StructureView />
    </div>
  );
}

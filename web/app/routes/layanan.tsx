import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ServiceDirectory } from '../../features/services/components/service-directory.tsx';

/** /layanan: what the BEM offers students, and how to reach it. */
export function Component() {
  useDocumentTitle('Layanan');
  return (
    <div className="container page">
      <h1>Layanan</h1>
      <p className="lead">
        Layanan BEM Poltek Nuklir untuk mahasiswa: advokasi, informasi beasiswa, peminjaman
        fasilitas, aspirasi dan konseling sebaya.
      </p>
      <ServiceDirectory />
    </div>
  );
}

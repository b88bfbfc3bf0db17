import { useDocumentTitle } from '../../components/use-document-title.ts';
import { RequestForm } from '../../features/requests/components/request-form.tsx';

/** /request-pemilihan: an organisation asks the BEM to run its election on this platform. */
export function Component() {
  useDocumentTitle('Ajukan Pemilihan');
  return (
    <div className="container page narrow">
      <h1>Ajukan Pemilihan</h1>
      <p className="lead">
        Organisasi mahasiswa dapat menyelenggarakan pemilihan melalui e-voting BEM. Isi permohonan
        berikut; setelah disetujui admin master, Anda menerima kode undangan untuk panitia
        pemilihan.
      </p>
      <RequestForm />
    </div>
  );
}

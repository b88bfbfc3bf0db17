import '../../styles/verifier.css';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { RecordVerifier } from '../../features/record-verifier/components/record-verifier.tsx';

/** /verifikasi: anyone checks a published election record, in their own browser. */
export function Component() {
  useDocumentTitle('Verifikasi Rekaman Pemilihan');
  return (
    <div className="container page">
      <h1>Verifikasi Rekaman Pemilihan</h1>
      <p className="lead">
        Setiap pemilihan menerbitkan rekaman publik: surat suara terenkripsi beserta buktinya, kunci
        para wali kunci, dan hasil yang didekripsi bersama. Halaman ini memeriksa semua bukti itu di
        peramban Anda, sehingga Anda tidak perlu mempercayai server. Rekaman yang sama juga dapat
        diperiksa dengan <code>belenios-tool</code> atau <code>npm run verify-election</code>.
      </p>
      <RecordVerifier />
    </div>
  );
}

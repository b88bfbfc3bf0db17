import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';

/** /register: chooses between voter and committee registration. */
export function Component() {
  useDocumentTitle('Daftar');
  return (
    <div className="container page">
      <div className="card auth-card">
        <h1>Daftar</h1>
        <p className="lead">Pilih jenis akun yang ingin Anda buat.</p>
        <div style={{ display: 'grid', gap: '0.75rem' }}>
          <Link className="btn btn-primary" to={paths.registerPemilih}>
            Daftar sebagai Pemilih
          </Link>
          <Link className="btn btn-outline" to={paths.registerPanitia}>
            Daftar sebagai Panitia atau Saksi (dengan kode undangan)
          </Link>
        </div>
        <div className="form-links">
          <Link to={paths.login}>Sudah punya akun? Masuk</Link>
        </div>
      </div>
    </div>
  );
}

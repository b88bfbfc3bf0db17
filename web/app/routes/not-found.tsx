import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';

/** Any path the route table does not know. */
export function Component() {
  useDocumentTitle('Halaman tidak ditemukan');
  return (
    <div className="container page placeholder-page">
      <h1>Halaman tidak ditemukan</h1>
      <p>Alamat yang Anda buka tidak ada atau sudah dipindahkan.</p>
      <Link className="btn btn-primary" to="/">
        Kembali ke Beranda
      </Link>
    </div>
  );
}

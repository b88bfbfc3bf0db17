import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

/** Tagline, quick links, address, contacts and the copyright with the current year. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-title">BEM Poltek Nuklir</p>
          <p>Bersama membangun mahasiswa yang kritis, berintegritas dan berdaya untuk negeri.</p>
        </div>
        <nav aria-label="Tautan cepat">
          <p className="footer-title">Tautan Cepat</p>
          <ul>
            <li>
              <Link to={paths.struktur}>Struktur Organisasi</Link>
            </li>
            <li>
              <Link to={paths.berita}>Berita &amp; Kegiatan</Link>
            </li>
            <li>
              <Link to={paths.pemilihan}>E-Voting</Link>
            </li>
            <li>
              <Link to={paths.dokumen}>Bank Dokumen</Link>
            </li>
          </ul>
        </nav>
        <div>
          <p className="footer-title">Alamat</p>
          <address>Jl. Babarsari Kotak Pos 6101 YKBB, Yogyakarta 55281</address>
        </div>
      </div>
      <div className="container footer-bottom">
        © {year} BEM Poltek Nuklir. Hak cipta dilindungi.
      </div>
    </footer>
  );
}

import { Link } from '../../components/link.tsx';
import { paths } from '../../config/paths.ts';
import { useFooter } from '../../features/site/api/get-footer.ts';

/** Tagline, quick links, address, social and email links, supporter logos, copyright with the year. */
export function Footer() {
  const footer = useFooter().data;
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-title">BEM Poltek Nuklir</p>
          <p>{footer?.tagline}</p>
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
          <address>{footer?.address}</address>
        </div>
        <div>
          <p className="footer-title">Hubungi Kami</p>
          <ul>
            {footer?.email ? (
              <li>
                <a href={`mailto:${footer.email}`}>{footer.email}</a>
              </li>
            ) : null}
            {footer?.socials.map((s) => (
              <li key={s.url}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      {footer?.supporters.length ? (
        <div className="container footer-supporters" aria-label="Didukung oleh">
          <p className="footer-title">Didukung oleh</p>
          <ul>
            {footer.supporters.map((s) => (
              <li key={s.name}>
                <a
                  href={s.url || undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={s.name}
                >
                  <img src={s.logo} alt={s.name} height={48} width={160} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="container footer-bottom">
        © {year} BEM Poltek Nuklir. Hak cipta dilindungi.
      </div>
    </footer>
  );
}

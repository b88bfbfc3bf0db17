import { Link } from '../../components/link.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { LatestDocuments } from '../../features/documents/components/latest-documents.tsx';
import { usePublicElections } from '../../features/elections/api/elections.ts';
import { ElectionCard } from '../../features/elections/components/election-card.tsx';
import { LatestNews } from '../../features/news/components/latest-news.tsx';
import { ServiceLinks } from '../../features/services/components/service-links.tsx';
import { useFooter } from '../../features/site/api/get-footer.ts';
import { CurrentCabinetSummary } from '../../features/structure/components/cabinet-summary.tsx';
import '../../styles/home.css';

/** Elections open now or coming, with a way to the voting landing. */
function ElectionsNow() {
  const elections = usePublicElections();
  const items = (elections.data?.items ?? []).filter(
    (e) => e.phase === 'open' || e.phase === 'upcoming',
  );
  return (
    <section className="home-section" aria-labelledby="home-elections">
      <div className="home-section-head">
        <h2 id="home-elections">Pemilihan</h2>
        <Link to={paths.pemilihan}>Semua pemilihan</Link>
      </div>
      {elections.isPending ? <p role="status">Memuat...</p> : null}
      {elections.isSuccess && items.length === 0 ? (
        <p className="empty-state">
          Tidak ada pemilihan yang sedang berlangsung atau akan datang. Hasil pemilihan sebelumnya
          ada di halaman <Link to={paths.pemilihan}>E-Voting</Link>.
        </p>
      ) : null}
      {items.length ? (
        <div className="election-grid">
          {items.slice(0, 3).map((e) => (
            <ElectionCard key={e.id} election={e} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** /: who the organisation is, what is happening now, and the ways into the site. */
export function Component() {
  useDocumentTitle('Beranda');
  const footer = useFooter();
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container">
          <p className="home-kicker">Badan Eksekutif Mahasiswa</p>
          <h1 id="home-title">BEM Politeknik Teknologi Nuklir Indonesia</h1>
          <p className="home-tagline">{footer.data?.tagline ?? '\u00a0'}</p>
          <p className="home-actions">
            <Link className="btn btn-accent" to={paths.pemilihan}>
              E-Voting
            </Link>
            <Link className="btn btn-outline-light" to={paths.berita}>
              Berita & Kegiatan
            </Link>
          </p>
        </div>
      </section>
      <div className="container page home-body">
        <CurrentCabinetSummary />
        <ElectionsNow />
        <LatestNews />
        <div className="home-columns">
          <ServiceLinks />
          <LatestDocuments />
        </div>
        <nav className="home-quick" aria-label="Jelajahi situs">
          <Link to={paths.struktur}>Struktur Organisasi</Link>
          <Link to={paths.layanan}>Layanan</Link>
          <Link to={paths.dokumen}>Bank Dokumen</Link>
          <Link to={paths.tentang}>Tentang BEM</Link>
        </nav>
      </div>
    </div>
  );
}

import { Link } from '../../../components/link.tsx';
import { Alert } from '../../../components/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatWib } from '../../../../shared/wib.ts';
import { useDashboardCounts, useOutbox, useRecentActivity } from '../api/dashboard.ts';
import { number } from '../format.ts';
import { SecuritySection } from './security-section.tsx';
import { MailSection } from './mail-section.tsx';
import { UsageSection } from './usage-section.tsx';
import '../../../styles/admin.css';

const ROLE = {
  master: 'Master',
  admin: 'Admin',
  panitia: 'Panitia',
  pemilih: 'Pemilih',
  sistem: 'Sistem',
  publik: 'Publik',
} as Record<string, string>;

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

function Counts({ isMaster }: { isMaster: boolean }) {
  const counts = useDashboardCounts();
  if (counts.isPending) return <p role="status">Memuat...</p>;
  if (counts.isError)
    return <Alert kind="error">{messageOf(counts.error, 'Gagal memuat ringkasan.')}</Alert>;
  const c = counts.data;
  const cards = [
    {
      label: 'Berita',
      value: c.articles.total,
      note: `${number.format(c.articles.published)} terbit`,
      to: paths.admin.kelolaBerita,
    },
    {
      label: 'Dokumen',
      value: c.documents.total,
      note: 'di Bank Dokumen',
      to: paths.admin.dokumen,
    },
    {
      label: 'Pemilih Terdaftar',
      value: c.voters.total,
      note: `${number.format(c.voters.pending)} menunggu verifikasi`,
      to: paths.admin.kelolaPemilihTerdaftar,
    },
    {
      label: 'Pemilihan',
      value: c.elections.total,
      note: `${number.format(c.elections.open)} sedang berlangsung`,
      to: isMaster ? `${paths.admin.masterVoting}?bagian=pemilihan` : paths.pemilihan,
    },
  ];
  return (
    <ul className="count-grid" aria-label="Ringkasan">
      {cards.map((card) => (
        <li key={card.label}>
          <Link to={card.to} className="card count-card">
            <span className="count-label">{card.label}</span>
            <span className="count-value">{number.format(card.value)}</span>
            <span className="count-note">{card.note}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Perlu tindakan: the work waiting for the admins (registrations to verify and, for the master
 * admins, election requests to decide), with counts and links; one calm line when there is none.
 */
function PendingWork({ isMaster }: { isMaster: boolean }) {
  const counts = useDashboardCounts();
  const outbox = useOutbox(1, isMaster);
  if (!counts.data) return null;
  const c = counts.data;
  const items: { to: string; text: string }[] = [];
  if (c.voters.pending > 0)
    items.push({
      to: paths.admin.kelolaPemilihTerdaftar,
      text: `${number.format(c.voters.pending)} pendaftar menunggu verifikasi`,
    });
  if (c.requests && c.requests.pending > 0)
    items.push({
      to: paths.admin.masterVoting,
      text: `${number.format(c.requests.pending)} permohonan pemilihan menunggu keputusan`,
    });
  if (outbox.data && outbox.data.totalFailed > 0)
    items.push({
      to: '#surat-keluar',
      text: `${number.format(outbox.data.totalFailed)} surat gagal terkirim`,
    });
  return (
    <section className="card pending-work" aria-labelledby="perlu-tindakan">
      <h2 id="perlu-tindakan">Perlu tindakan</h2>
      {items.length ? (
        <ul>
          {items.map((i) => (
            <li key={i.to}>
              {i.to.startsWith('#') ? <a href={i.to}>{i.text}</a> : <Link to={i.to}>{i.text}</Link>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">Tidak ada yang menunggu tindakan saat ini.</p>
      )}
    </section>
  );
}

function AdminLinks({ isMaster }: { isMaster: boolean }) {
  const links = [
    { to: paths.admin.kelolaBerita, label: 'Kelola Berita', note: 'Tulis, jadwalkan, terbitkan' },
    { to: paths.admin.dokumen, label: 'Kelola Dokumen', note: 'Bank Dokumen' },
    { to: paths.admin.layanan, label: 'Kelola Layanan', note: 'Layanan untuk mahasiswa' },
    {
      to: paths.admin.struktur,
      label: 'Kelola Struktur Organisasi',
      note: 'Kabinet, divisi, pengurus',
    },
    { to: paths.admin.kelolaTentang, label: 'Kelola Tentang', note: 'Profil organisasi' },
    {
      to: paths.admin.kelolaPemilihTerdaftar,
      label: 'Kelola Pemilih Terdaftar',
      note: 'Verifikasi pendaftar',
    },
    { to: paths.admin.histori, label: 'Histori Aktivitas', note: 'Semua perubahan tercatat' },
    ...(isMaster
      ? [
          { to: paths.admin.kelolaAdmin, label: 'Kelola Admin', note: 'Tambah dan atur admin' },
          {
            to: paths.admin.masterVoting,
            label: 'Kelola Pemilihan',
            note: 'Permohonan, pengawasan',
          },
        ]
      : []),
  ];
  return (
    <nav className="dashboard-section" aria-labelledby="menu-admin">
      <h2 id="menu-admin">Kelola Situs</h2>
      <ul className="admin-link-grid">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="card admin-link">
              <strong>{l.label}</strong>
              <span>{l.note}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function RecentActivity() {
  const recent = useRecentActivity();
  return (
    <section className="card dashboard-section" aria-labelledby="aktivitas-terbaru">
      <div className="section-head">
        <h2 id="aktivitas-terbaru">Aktivitas Terbaru</h2>
        <Link to={paths.admin.histori}>Lihat semua di Histori Aktivitas</Link>
      </div>
      {recent.isPending ? <p role="status">Memuat...</p> : null}
      {recent.isError ? (
        <Alert kind="error">{messageOf(recent.error, 'Gagal memuat aktivitas.')}</Alert>
      ) : null}
      {recent.data && recent.data.items.length === 0 ? (
        <p className="empty-state">
          Belum ada aktivitas. Perubahan oleh admin dan panitia akan tampil di sini.
        </p>
      ) : null}
      {recent.data?.items.length ? (
        <ol className="recent-list">
          {recent.data.items.map((e) => (
            <li key={e.seq}>
              <span className="recent-summary">{e.summary}</span>
              <span className="field-hint">
                {e.actorName} ({ROLE[e.actorRole] ?? e.actorRole}) ·{' '}
                <time dateTime={e.at}>{formatWib(e.at)}</time>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** Dashboard BEM: counts, the admin screens, recent activity and the site's usage. */
export function AdminDashboard({ name, isMaster }: { name: string; isMaster: boolean }) {
  return (
    <>
      <h1>Dashboard BEM</h1>
      <p className="lead">
        Selamat datang{name ? `, ${name}` : ''}. Ringkasan isi situs, aktivitas terbaru dan
        kunjungan.
      </p>
      <PendingWork isMaster={isMaster} />
      <Counts isMaster={isMaster} />
      <AdminLinks isMaster={isMaster} />
      <RecentActivity />
      {isMaster ? <MailSection /> : null}
      {isMaster ? <SecuritySection /> : null}
      <UsageSection />
    </>
  );
}

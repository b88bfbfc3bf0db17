import { Link } from '../../components/link.tsx';
import { Alert } from '../../components/alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useMyElections } from '../../features/elections/api/elections.ts';
import { ElectionCard } from '../../features/elections/components/election-card.tsx';
import { RequireRole } from '../guards.tsx';
import { voterStatusText } from '../../features/profile/voter-status.ts';

function MyElections() {
  const elections = useMyElections(true);
  if (elections.isPending) return <p role="status">Memuat...</p>;
  if (elections.isError) return <Alert kind="error">{elections.error.message}</Alert>;
  if (!elections.data.items.length) {
    return <p className="empty-state">Belum ada pemilihan yang dapat Anda ikuti saat ini.</p>;
  }
  return (
    <div className="election-grid">
      {elections.data.items.map((e) => (
        <ElectionCard key={e.id} election={e} me={e} />
      ))}
    </div>
  );
}

function Dashboard() {
  const me = useMe();
  const voter = me.data?.voter;
  if (!voter) return <p role="status">Memuat...</p>;
  const status = voterStatusText[voter.status];
  return (
    <>
      <h1>Halo, {voter.namaTampilan || voter.namaLengkap}!</h1>
      <div className="dashboard-grid">
        <section className="card" aria-labelledby="status-title">
          <h2 id="status-title">Status Verifikasi</h2>
          <p>
            <span className={`badge badge-${status.tone}`} data-testid="voter-status">
              {status.label}
            </span>
          </p>
          <p className="field-hint">{status.help}</p>
          {voter.status === 'rejected' && voter.rejectionReason ? (
            <p>
              <strong>Alasan:</strong> {voter.rejectionReason}
            </p>
          ) : null}
        </section>
        <section className="card" aria-labelledby="profile-title">
          <h2 id="profile-title">Profil</h2>
          <dl className="facts">
            <dt>NIM</dt>
            <dd>{voter.nim}</dd>
            <dt>Program Studi</dt>
            <dd>{voter.prodi}</dd>
          </dl>
          <Link className="btn btn-outline" to={paths.profilPemilih}>
            Edit Profil
          </Link>
        </section>
        <section className="dashboard-wide" aria-labelledby="elections-title">
          <h2 id="elections-title">Pemilihan Anda</h2>
          <MyElections />
          <Link to={paths.pemilihan}>Lihat semua pemilihan</Link>
        </section>
      </div>
    </>
  );
}

/** /dashboard-pemilih: the voter's greeting, verification status, profile and elections. */
export function Component() {
  useDocumentTitle('Dashboard Pemilih');
  return (
    <RequireRole need="voter" signInPath={paths.loginPemilih}>
      <div className="container page">
        <Dashboard />
      </div>
    </RequireRole>
  );
}

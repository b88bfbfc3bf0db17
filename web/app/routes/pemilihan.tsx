import { Link } from '../../components/link.tsx';
import { Alert } from '../../components/alert.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { usePublicElections } from '../../features/elections/api/elections.ts';
import { ElectionCard } from '../../features/elections/components/election-card.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { voterStatusText } from '../../features/profile/voter-status.ts';

/**
 * The way in for a student: sign in or register as a voter; a signed-in voter sees where they
 * stand instead. Organisations ask for an election from here too.
 */
function VoterEntry() {
  const me = useMe();
  const voter = me.data?.voter;
  const status = voter ? voterStatusText[voter.status] : null;
  return (
    <>
      {voter && status ? (
        <section className="card voter-entry" aria-labelledby="voter-entry-title">
          <h2 id="voter-entry-title">Status Anda sebagai pemilih</h2>
          <p>
            {voter.namaTampilan || voter.namaLengkap} ·{' '}
            <span className={`badge badge-${status.tone}`}>{status.label}</span>
          </p>
          <p className="field-hint">{status.help}</p>
          {voter.status === 'rejected' && voter.rejectionReason ? (
            <p>
              <strong>Alasan:</strong> {voter.rejectionReason}
            </p>
          ) : null}
          <Link className="btn btn-primary" to={paths.dashboardPemilih}>
            Dashboard Pemilih
          </Link>
        </section>
      ) : null}
      <p className="page-actions">
        {me.data?.user ? null : (
          <>
            <Link className="btn btn-primary" to={paths.loginPemilih}>
              Masuk sebagai pemilih
            </Link>
            <Link className="btn btn-accent" to={paths.registerPemilih}>
              Daftar sebagai pemilih
            </Link>
          </>
        )}
        <Link className="btn btn-outline" to={paths.requestPemilihan}>
          Ajukan pemilihan baru
        </Link>
      </p>
    </>
  );
}

/** /pemilihan: the voting landing — elections open now, coming, and finished. */
export function Component() {
  useDocumentTitle('E-Voting');
  const elections = usePublicElections();
  const items = elections.data?.items ?? [];
  const groups = [
    { title: 'Sedang berlangsung', items: items.filter((e) => e.phase === 'open') },
    { title: 'Akan datang', items: items.filter((e) => e.phase === 'upcoming') },
    {
      title: 'Selesai',
      items: items.filter((e) => e.phase === 'closed' || e.phase === 'published'),
    },
  ];
  return (
    <div className="container page">
      <h1>E-Voting</h1>
      <p className="lead">
        Pemilihan yang diselenggarakan melalui situs BEM. Masuk sebagai pemilih untuk memberikan
        suara; setiap mahasiswa terverifikasi memiliki satu suara yang rahasia.
      </p>
      <VoterEntry />
      {elections.isPending ? <p role="status">Memuat...</p> : null}
      {elections.isError ? <Alert kind="error">{elections.error.message}</Alert> : null}
      {elections.isSuccess && items.length === 0 ? (
        <p className="empty-state">Belum ada pemilihan yang dijadwalkan.</p>
      ) : null}
      {groups.map((g) =>
        g.items.length ? (
          <section key={g.title} className="election-group" aria-labelledby={`g-${g.title}`}>
            <h2 id={`g-${g.title}`}>{g.title}</h2>
            <div className="election-grid">
              {g.items.map((e) => (
                <ElectionCard key={e.id} election={e} />
              ))}
            </div>
          </section>
        ) : null,
      )}
    </div>
  );
}

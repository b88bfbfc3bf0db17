import { Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { NavLink } from '../../../components/link.tsx';
import { Alert } from '../../../components/alert.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { paths } from '../../../config/paths.ts';
import { useOverview, type Overview } from '../../../features/committee/api/committee.ts';
import { PhaseBadge } from '../../../components/phase-badge.tsx';
import { RequireRole } from '../../guards.tsx';

const TABS = [
  ['ringkasan', 'Ringkasan'],
  ['pengaturan', 'Pengaturan'],
  ['kandidat', 'Kandidat'],
  ['pemilih', 'Pemilih'],
  ['wali-kunci', 'Wali Kunci'],
] as const;

export type PanitiaContext = { overview: Overview; canPrepare: boolean };

/** The tab panels read the election from the layout. */
export const usePanitia = () => useOutletContext<PanitiaContext>();

function Area({ id }: { id: string }) {
  const { pathname } = useLocation();
  const overview = useOverview(id);
  useDocumentTitle(
    overview.data ? `Panitia · ${overview.data.election.title}` : 'Panitia Pemilihan',
  );
  if (overview.isPending) return <p role="status">Memuat...</p>;
  if (overview.isError)
    return (
      <>
        <h1>Area Panitia</h1>
        <Alert kind="error">{overview.error.message}</Alert>
      </>
    );
  const { election, canPrepare } = overview.data;
  return (
    <>
      <p className="field-hint">Area Panitia</p>
      <h1>{election.title}</h1>
      <p className="election-meta">
        <PhaseBadge phase={election.phase} /> {election.organizer}
      </p>
      <nav className="tabs" aria-label="Bagian area panitia" role="tablist">
        {TABS.filter(
          // A witness reads the overview and the trustees' progress; the rest is the committee's.
          ([path]) =>
            overview.data.viewerRole !== 'saksi' || path === 'ringkasan' || path === 'wali-kunci',
        ).map(([path, label]) => {
          const active = pathname.endsWith(`/${path}`);
          return (
            <NavLink
              key={path}
              to={`${paths.panitia(id)}/${path}`}
              role="tab"
              aria-selected={active}
              className={active ? 'tab active' : 'tab'}
            >
              {label}
            </NavLink>
          );
        })}
      </nav>
      <div role="tabpanel">
        <Outlet context={{ overview: overview.data, canPrepare } satisfies PanitiaContext} />
      </div>
    </>
  );
}

/** /panitia/{eventId}: the committee area with its tabs. */
export function Component() {
  const { eventId = '' } = useParams();
  return (
    <RequireRole need="signedIn" signInPath={paths.login}>
      <div className="container page">
        <Area id={eventId} />
      </div>
    </RequireRole>
  );
}

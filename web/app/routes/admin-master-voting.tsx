import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { ElectionOversight } from '../../features/requests/components/election-oversight.tsx';
import { RequestList } from '../../features/requests/components/request-list.tsx';
import { RequireRole } from '../guards.tsx';

const TABS = [
  ['permohonan', 'Permohonan'],
  ['pemilihan', 'Semua Pemilihan'],
] as const;

/** /admin-master/voting: the master admin decides election requests and oversees elections. */
export function Component() {
  useDocumentTitle('Kelola Pemilihan');
  const [params, setParams] = useSearchParams();
  const tab = params.get('bagian') === 'pemilihan' ? 'pemilihan' : 'permohonan';
  const select = (id: (typeof TABS)[number][0]) =>
    setParams(id === 'permohonan' ? {} : { bagian: id });
  return (
    <RequireRole need="master" signInPath={paths.login}>
      <div className="container page">
        <h1>Kelola Pemilihan</h1>
        <div className="tabs" role="tablist" aria-label="Bagian kelola pemilihan">
          {TABS.map(([id, label], i) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`tab-${id}`}
              aria-selected={tab === id}
              aria-controls={tab === id ? `panel-${id}` : undefined}
              tabIndex={tab === id ? 0 : -1}
              className={tab === id ? 'tab active' : 'tab'}
              onClick={() => select(id)}
              onKeyDown={(e) => {
                // Arrow keys move between the tabs (the WAI-ARIA tabs pattern).
                const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                e.preventDefault();
                const next = TABS[(i + step + TABS.length) % TABS.length]![0];
                select(next);
                document.getElementById(`tab-${next}`)?.focus();
              }}
            >
              {label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'permohonan' ? <RequestList /> : <ElectionOversight />}
        </div>
      </div>
    </RequireRole>
  );
}

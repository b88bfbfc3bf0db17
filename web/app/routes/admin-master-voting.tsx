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
  return (
    <RequireRole need="master" signInPath={paths.login}>
      <div className="container page">
        <h1>Kelola Pemilihan</h1>
        <div className="tabs" role="tablist" aria-label="Bagian kelola pemilihan">
          {TABS.map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`panel-${id}`}
              className={tab === id ? 'tab active' : 'tab'}
              onClick={() => setParams(id === 'permohonan' ? {} : { bagian: id })}
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

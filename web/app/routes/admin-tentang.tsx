import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { paths } from '../../config/paths.ts';
import { AboutEditor } from '../../features/about/components/about-editor.tsx';
import { FooterEditor } from '../../features/site/components/footer-editor.tsx';
import { RequireRole } from '../guards.tsx';

const TABS = [
  ['tentang', 'Halaman Tentang'],
  ['footer', 'Footer Situs'],
] as const;

/** /admin/kelola-tentang: the Tentang page and the site's footer. */
export function Component() {
  useDocumentTitle('Kelola Tentang');
  const [params, setParams] = useSearchParams();
  const tab = params.get('bagian') === 'footer' ? 'footer' : 'tentang';
  const select = (id: (typeof TABS)[number][0]) =>
    setParams(id === 'tentang' ? {} : { bagian: id });
  return (
    <RequireRole need="admin" signInPath={paths.login}>
      <div className="container page">
        <h1>Kelola Tentang</h1>
        <div className="tabs" role="tablist" aria-label="Bagian kelola tentang">
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
          {tab === 'tentang' ? <AboutEditor /> : <FooterEditor />}
        </div>
      </div>
    </RequireRole>
  );
}

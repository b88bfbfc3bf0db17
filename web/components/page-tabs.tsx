import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Tabs of one page, the chosen one kept in the address (`?bagian=…`; the first tab has none), so
 * it survives a reload and can be shared. Follows the WAI-ARIA tabs pattern: arrow keys move
 * between tabs, only the chosen tab is in the Tab order, and its panel is labelled by it.
 */
export function PageTabs<T extends string>({
  tabs,
  label,
  children,
}: {
  tabs: readonly (readonly [id: T, label: string])[];
  /** What the tabs divide, for screen readers. */
  label: string;
  children: (tab: T) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]![0];
  const asked = params.get('bagian');
  const tab = tabs.find(([id]) => id === asked)?.[0] ?? first;
  const select = (id: T) => setParams(id === first ? {} : { bagian: id });
  return (
    <>
      <div className="tabs" role="tablist" aria-label={label}>
        {tabs.map(([id, name], i) => (
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
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              e.preventDefault();
              const next = tabs[(i + step + tabs.length) % tabs.length]![0];
              select(next);
              document.getElementById(`tab-${next}`)?.focus();
            }}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {children(tab)}
      </div>
    </>
  );
}

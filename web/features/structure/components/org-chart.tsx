import '../../../styles/structure.css';
import type { PeriodDetail } from '../api/structure-queries.ts';
import { PersonCard } from './person-card.tsx';

/**
 * The organisation of one period as a chart in plain HTML: the cabinet, its leaders on top, then
 * every division with its members. Columns on a wide screen, stacked on a phone.
 */
export function OrgChart({ detail }: { detail: PeriodDetail }) {
  const { period, leaders, divisions } = detail;
  const empty = leaders.length === 0 && divisions.length === 0;
  return (
    <article className="org-chart" aria-labelledby="org-cabinet-name">
      <header className="org-cabinet">
        <p className="org-period-label">Periode {period.label}</p>
        <h2 id="org-cabinet-name">{period.cabinetName}</h2>
        {period.tagline ? <p className="org-tagline">{period.tagline}</p> : null}
      </header>
      {empty ? (
        <p className="empty-state org-empty">
          Pengurus periode ini belum diisi. Silakan kembali lagi nanti.
        </p>
      ) : null}
      {leaders.length ? (
        <section className="org-level org-level-leaders" aria-labelledby="org-leaders-heading">
          <h3 id="org-leaders-heading" className="org-level-title">
            Pimpinan
          </h3>
          <ul className="org-leaders">
            {leaders.map((p, i) => (
              <PersonCard key={p.id} person={p} lead={i === 0} />
            ))}
          </ul>
        </section>
      ) : null}
      {divisions.length ? (
        <section className="org-level org-level-divisions" aria-labelledby="org-divisions-heading">
          <h3 id="org-divisions-heading" className="org-level-title">
            Divisi
          </h3>
          <ul className="org-divisions">
            {divisions.map((d) => (
              <li key={d.id} className="org-division">
                <section aria-labelledby={`org-division-${d.id}`}>
                  <h4 id={`org-division-${d.id}`}>{d.name}</h4>
                  {d.description ? <p className="org-division-desc">{d.description}</p> : null}
                  {d.members.length ? (
                    <ul className="org-members">
                      {d.members.map((p) => (
                        <PersonCard key={p.id} person={p} />
                      ))}
                    </ul>
                  ) : (
                    <p className="empty-state">Anggota divisi ini belum diisi.</p>
                  )}
                </section>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

import { Link } from '../../../components/link.tsx';
import '../../../styles/structure.css';
import { paths } from '../../../config/paths.ts';
import { useCurrentStructure, type PeriodDetail } from '../api/structure-queries.ts';
import { PersonPhoto } from './person-card.tsx';

/**
 * The organisation in brief, for the home page: the cabinet's name, period and tagline with its
 * leaders, and a link to the whole structure.
 */
export function CabinetSummary({ structure }: { structure: PeriodDetail }) {
  const { period, leaders } = structure;
  return (
    <section className="cabinet-summary" aria-labelledby="cabinet-summary-title">
      <p className="org-period-label">Periode {period.label}</p>
      <h2 id="cabinet-summary-title">{period.cabinetName}</h2>
      {period.tagline ? <p className="org-tagline">{period.tagline}</p> : null}
      {leaders.length ? (
        <ul className="cabinet-summary-leaders">
          {leaders.map((p) => (
            <li key={p.id}>
              <PersonPhoto person={p} size={72} />
              <span className="org-name">{p.name}</span>
              <span className="org-position">{p.position}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Link className="btn btn-outline" to={paths.struktur}>
        Lihat Struktur Organisasi
      </Link>
    </section>
  );
}

/** CabinetSummary of the current period, fetched here; nothing while loading or when none is set up. */
export function CurrentCabinetSummary() {
  const current = useCurrentStructure();
  if (!current.data?.structure) return null;
  return <CabinetSummary structure={current.data.structure} />;
}

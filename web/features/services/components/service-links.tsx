import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import { useServices } from '../api/list-services.ts';
import { ServiceAction } from './service-card.tsx';
import '../../../styles/services.css';

/**
 * A few services for the home page: name, category and the button that reaches each, and a link
 * to all services. Shows nothing while loading fails or when there are none.
 */
export function ServiceLinks({
  limit = 6,
  title = 'Layanan Mahasiswa',
}: {
  limit?: number;
  title?: string;
}) {
  const list = useServices({ q: '', category: '', page: 1, limit });
  if (list.isPending) return <p role="status">Memuat...</p>;
  if (list.isError || list.data.items.length === 0) return null;
  return (
    <section className="svc-links" aria-labelledby="svc-links-title">
      <h2 id="svc-links-title">{title}</h2>
      <ul>
        {list.data.items.map((s) => (
          <li key={s.id} className="svc-link-card">
            <span className="svc-link-category">{s.category}</span>
            <strong>{s.title}</strong>
            {s.hours ? <span className="svc-link-hours">{s.hours}</span> : null}
            <ServiceAction service={s} />
          </li>
        ))}
      </ul>
      <Link to={paths.layanan} className="svc-links-all">
        Lihat semua layanan
      </Link>
    </section>
  );
}

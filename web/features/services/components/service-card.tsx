import { serviceLinkKind } from '../../../../shared/services.ts';
import type { ServiceItem } from '../api/list-services.ts';
import '../../../styles/services.css';

const actionLabel = {
  web: 'Buka Layanan',
  email: 'Kirim Email',
  phone: 'Telepon',
  whatsapp: 'Hubungi via WhatsApp',
} as const;

/** The button that reaches a service; web links open in a new tab without access to this page. */
export function ServiceAction({ service }: { service: ServiceItem }) {
  const kind = serviceLinkKind(service.link);
  if (!kind) return null;
  const web = /^https?:/i.test(service.link);
  return (
    <a
      className="btn btn-primary svc-action"
      href={service.link}
      target={web ? '_blank' : undefined}
      rel="noopener noreferrer"
    >
      {actionLabel[kind]}
      <span className="visually-hidden">
        {' '}
        {service.title}
        {web ? ' (tab baru)' : ''}
      </span>
    </a>
  );
}

/** One service: what it is, who to contact, when, and how to reach it. */
export function ServiceCard({ service }: { service: ServiceItem }) {
  const titleId = `svc-${service.id}`;
  return (
    <li className="svc-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{service.title}</h3>
      {service.description ? <p className="svc-desc">{service.description}</p> : null}
      {service.contact || service.hours ? (
        <dl className="svc-facts">
          {service.contact ? (
            <>
              <dt>Kontak</dt>
              <dd>{service.contact}</dd>
            </>
          ) : null}
          {service.hours ? (
            <>
              <dt>Jam layanan</dt>
              <dd>{service.hours}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <ServiceAction service={service} />
    </li>
  );
}

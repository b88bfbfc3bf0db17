import '../../../styles/about.css';
import { Alert } from '../../../components/alert.tsx';
import { useAbout } from '../api/about.ts';

/** A WhatsApp chat link from a phone number as people write it (0812…, +62 812…). */
export const whatsappLink = (number: string) => {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits.startsWith('0') ? `62${digits.slice(1)}` : digits}`;
};

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** /tentang: vision, mission, history, contact and a link to the map. */
export function AboutView() {
  const about = useAbout();
  if (about.isPending) return <p role="status">Memuat...</p>;
  if (about.isError) return <Alert kind="error">{about.error.message}</Alert>;
  const { visi, misi, sejarah, contact, mapUrl } = about.data;
  return (
    <div className="about-grid">
      <section className="about-card about-vision" aria-labelledby="about-visi">
        <h2 id="about-visi">Visi</h2>
        <p className="about-visi-text">{visi}</p>
      </section>
      <section className="about-card" aria-labelledby="about-misi">
        <h2 id="about-misi">Misi</h2>
        <ol className="about-misi">
          {misi.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ol>
      </section>
      <section className="about-card about-history" aria-labelledby="about-sejarah">
        <h2 id="about-sejarah">Sejarah</h2>
        {paragraphs(sejarah).map((p, i) => (
          <p key={i} className="prewrap">
            {p}
          </p>
        ))}
      </section>
      <section className="about-card about-contact" aria-labelledby="about-kontak">
        <h2 id="about-kontak">Kontak</h2>
        <dl className="about-facts">
          <dt>Alamat sekretariat</dt>
          <dd>
            <address>{contact.address}</address>
          </dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
          {contact.phone ? (
            <>
              <dt>Telepon</dt>
              <dd>
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
              </dd>
            </>
          ) : null}
          {contact.whatsapp ? (
            <>
              <dt>WhatsApp</dt>
              <dd>
                <a href={whatsappLink(contact.whatsapp)} target="_blank" rel="noopener noreferrer">
                  {contact.whatsapp}
                </a>
              </dd>
            </>
          ) : null}
          {contact.officeHours ? (
            <>
              <dt>Jam layanan</dt>
              <dd>{contact.officeHours}</dd>
            </>
          ) : null}
        </dl>
        {mapUrl ? (
          <a className="btn btn-outline" href={mapUrl} target="_blank" rel="noopener noreferrer">
            Buka Lokasi di Peta<span className="visually-hidden"> (tab baru)</span>
          </a>
        ) : null}
      </section>
    </div>
  );
}

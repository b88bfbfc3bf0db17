import { pairInitials } from '../../../../shared/initials.ts';
import type { PublicCandidate } from '../api/elections.ts';

/**
 * Every candidate pair in ballot order, each in full: ballot number, photo, both names, the whole
 * vision and mission. For reading before voting (the public candidate page, and a ballot that is
 * not open to this voter); the ballot itself shows the same pairs as choices.
 */
export function CandidateProfiles({ candidates }: { candidates: PublicCandidate[] }) {
  if (!candidates.length) return <p className="empty-state">Belum ada kandidat.</p>;
  return (
    <ol className="candidate-profiles">
      {candidates.map((c) => (
        <li key={c.id} className="card candidate-profile" aria-labelledby={`k-${c.id}`}>
          <div className="candidate-profile-head">
            {c.foto ? (
              <img src={c.foto} alt={`Foto ${pairName(c)}`} width={160} height={160} />
            ) : (
              <span className="ballot-photo-empty candidate-photo" aria-hidden="true">
                {pairInitials(c)}
              </span>
            )}
            <div>
              <p className="candidate-number">Nomor urut {c.nomorUrut}</p>
              <h3 id={`k-${c.id}`}>{pairName(c)}</h3>
              <dl className="facts">
                <dt>Calon Ketua</dt>
                <dd>{c.namaKetua}</dd>
                {c.namaWakil ? (
                  <>
                    <dt>Calon Wakil Ketua</dt>
                    <dd>{c.namaWakil}</dd>
                  </>
                ) : null}
              </dl>
            </div>
          </div>
          <h4>Visi</h4>
          <p className="prewrap">{c.visi || 'Belum diisi.'}</p>
          <h4>Misi</h4>
          <p className="prewrap">{c.misi || 'Belum diisi.'}</p>
        </li>
      ))}
    </ol>
  );
}

const pairName = (c: PublicCandidate) =>
  c.namaWakil ? `${c.namaKetua} & ${c.namaWakil}` : c.namaKetua;

import { Link } from '../../../components/link.tsx';
import { paths } from '../../../config/paths.ts';
import { formatWib } from '../../../../shared/wib.ts';
import type { Overview } from '../api/committee.ts';

type Step = NonNullable<Overview['steps']>[number];
type Tab = 'kandidat' | 'pemilih' | 'pengaturan' | 'wali-kunci';

/** The eligibility rule in words. */
function ruleText(e: Overview['election']): string {
  switch (e.rollMode) {
    case 'prodi':
      return `program studi ${e.rollProdi.join(', ')}`;
    case 'angkatan':
      return `angkatan ${e.rollYears.join(', ')}`;
    case 'roll':
      return 'daftar NIM yang diimpor';
    default:
      return 'semua pemilih terverifikasi';
  }
}

/** What each step asks, who does it, and where (the tab): the committee's guided first run. */
function describe(step: Step['step'], overview: Overview) {
  const e = overview.election;
  switch (step) {
    case 'kandidat':
      return {
        title: 'Kandidat',
        tab: 'kandidat' as Tab,
        todo: 'Tambahkan setiap pasangan calon dengan nomor urut, foto, visi, dan misi.',
        done: `${overview.candidates.length} kandidat terdaftar.`,
      };
    case 'pemilih':
      return {
        title: 'Aturan pemilih',
        tab: (e.rollMode === 'roll' ? 'pemilih' : 'pengaturan') as Tab,
        // The rule is always set (all verified voters by default): what may be missing is anyone
        // verified who matches it.
        todo:
          e.rollMode === 'roll'
            ? 'Impor daftar NIM pemilih (DPT) dari berkas CSV di tab Pemilih.'
            : `Aturan tersimpan: ${ruleText(e)}. Belum ada mahasiswa terverifikasi yang cocok dengan aturan ini. Aturannya dapat diubah di tab Pengaturan (semua pemilih terverifikasi, per program studi, per angkatan, atau daftar NIM).`,
        done: `${overview.prospectiveRollSize} pemilih cocok dengan aturan saat ini (${ruleText(e)}).`,
      };
    case 'jadwal':
      return {
        title: 'Jadwal',
        tab: 'pengaturan' as Tab,
        todo: 'Atur waktu mulai dan selesai di tab Pengaturan. Waktu mulai harus di masa depan.',
        done: `Mulai ${formatWib(e.startsAt)}, selesai ${formatWib(e.endsAt)}.`,
      };
    case 'wali-kunci':
      return {
        title: 'Wali Kunci',
        tab: 'wali-kunci' as Tab,
        todo: 'Panitia dan saksi pasangan calon membuat kunci pemilihan bersama: setiap wali kunci menyelesaikan langkahnya di tab Wali Kunci.',
        done: 'Kunci pemilihan sudah dipegang para wali kunci.',
      };
    case 'kunci':
      return {
        title: 'Kunci pemilihan',
        tab: 'pengaturan' as Tab,
        todo: `Kunci pemilihan di tab Pengaturan sebelum waktu mulai (${formatWib(e.startsAt)}). Setelah dikunci, kandidat, pemilih, dan jadwal tidak dapat diubah.`,
        done: 'Pemilihan sudah dikunci.',
      };
  }
}

/**
 * Ringkasan's numbered way to a locked election: each step with its state, what it still lacks,
 * who does it and a link to its tab. A witness, who sees only Ringkasan and Wali Kunci, gets a
 * link to the latter only.
 */
export function SetupChecklist({ overview, steps }: { overview: Overview; steps: Step[] }) {
  const id = overview.election.id;
  const witness = overview.viewerRole === 'saksi';
  const tabPath = (tab: Tab) => `${paths.panitia(id)}/${tab}`;
  return (
    <section className="card setup-checklist" aria-labelledby="siap">
      <h2 id="siap">Langkah menuju pemungutan suara</h2>
      <ol className="checklist">
        {steps.map((s) => {
          const d = describe(s.step, overview);
          const linked = !witness || d.tab === 'wali-kunci';
          return (
            <li key={s.step} className={s.done ? 'checklist-item done' : 'checklist-item'}>
              <div className="checklist-head">
                {linked ? <Link to={tabPath(d.tab)}>{d.title}</Link> : <strong>{d.title}</strong>}
                <span className={s.done ? 'status-chip ok' : 'status-chip todo'}>
                  {s.done ? 'Selesai' : 'Belum'}
                </span>
              </div>
              <p>{s.done ? d.done : d.todo}</p>
              {s.step === 'pemilih' ? (
                <p className="field-hint">
                  Pendaftar diverifikasi oleh admin BEM, bukan oleh panitia. Jika ada pemilih yang
                  masih menunggu verifikasi, minta admin BEM memverifikasinya lewat{' '}
                  <Link to={paths.tentang}>kontak BEM</Link>.{' '}
                  {witness ? null : (
                    <>
                      Daftar yang cocok saat ini ada di tab{' '}
                      <Link to={tabPath('pemilih')}>Pemilih</Link>.
                    </>
                  )}
                </p>
              ) : null}
              {s.step === 'kunci' && !s.done ? (
                <p className="field-hint">
                  Pemungutan suara dibuka dan ditutup otomatis sesuai jadwal; panitia tidak perlu
                  membukanya.
                </p>
              ) : null}
              {s.problems.length ? (
                <ul className="blockers">
                  {s.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      {overview.blockers.length === 0 ? (
        <p className="voted-note">
          {overview.abilities.editSetup
            ? 'Siap dikunci. Kunci pemilihan di tab Pengaturan.'
            : 'Siap dikunci oleh panitia.'}
        </p>
      ) : null}
    </section>
  );
}

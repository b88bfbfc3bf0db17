import { useState } from 'react';
import { PRODI } from '../../../../shared/people.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { oneOf } from '../../../lib/options.ts';
import { formatWib, isoToWibInput, wibInputToIso } from '../../../lib/wib.ts';
import {
  useExtendElection,
  useLockElection,
  useUpdateSettings,
  type Overview,
} from '../api/committee.ts';

type E = Overview['election'];

function ExtendForm({ election, mayExtend }: { election: E; mayExtend: boolean }) {
  if (election.extendedAt) {
    return (
      <section className="card" aria-labelledby="extended-title">
        <h2 id="extended-title">Perpanjang Waktu</h2>
        <p>
          Waktu selesai sudah diperpanjang pada {formatWib(election.extendedAt)} menjadi{' '}
          {formatWib(election.endsAt)}. Alasan: {election.extensionReason}
        </p>
        <p className="field-hint">Perpanjangan hanya boleh sekali.</p>
      </section>
    );
  }
  return mayExtend ? <ExtendOnce election={election} /> : null;
}

function ExtendOnce({ election }: { election: E }) {
  const extend = useExtendElection(election.id);
  const [endsAt, setEndsAt] = useState(isoToWibInput(election.endsAt));
  const [alasan, setAlasan] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  return (
    <form
      className="card"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await extend.mutateAsync({ endsAt: wibInputToIso(endsAt), alasan });
          setMessage({ kind: 'success', text: 'Waktu selesai diperpanjang.' });
        } catch (err) {
          setMessage({
            kind: 'error',
            text: err instanceof ApiError ? err.message : 'Gagal memperpanjang.',
          });
        }
      }}
    >
      <h2>Perpanjang Waktu</h2>
      <p className="field-hint">
        Berakhir {formatWib(election.endsAt)}. Waktu selesai hanya dapat diperpanjang sekali, paling
        lama 24 jam. Alasannya ditampilkan di halaman hasil dan berita acara, dan dicatat di log
        audit.
      </p>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <TextField
        label="Waktu Selesai Baru"
        type="datetime-local"
        hint="WIB"
        value={endsAt}
        onChange={(e) => setEndsAt(e.target.value)}
      />
      <TextField label="Alasan" value={alasan} onChange={(e) => setAlasan(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={extend.isPending}>
        Perpanjang
      </button>
    </form>
  );
}

/** Pengaturan: the draft's settings and Kunci Pemilihan; once locked, a summary and the extension. */
export function SettingsPanel({
  overview,
  canPrepare,
}: {
  overview: Overview;
  canPrepare: boolean;
}) {
  const e = overview.election;
  const update = useUpdateSettings(e.id);
  const lock = useLockElection(e.id);
  const [v, setV] = useState({
    title: e.title,
    description: e.description,
    startsAt: isoToWibInput(e.startsAt),
    endsAt: isoToWibInput(e.endsAt),
    kotakKosong: e.kotakKosong,
    abstain: e.abstain,
    rollMode: e.rollMode,
    rollProdi: e.rollProdi.flatMap((p) => oneOf(PRODI, p) || []),
    rollYears: e.rollYears.join(', '),
    resultsRelease: e.resultsRelease,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [confirmLock, setConfirmLock] = useState(false);
  const { editSetup, extend } = overview.abilities;
  const locked = e.status !== 'draft';
  const disabled = !editSetup;

  const save = async () => {
    setErrors({});
    setMessage(undefined);
    try {
      await update.mutateAsync({
        ...v,
        startsAt: wibInputToIso(v.startsAt),
        endsAt: wibInputToIso(v.endsAt),
        rollYears: v.rollYears
          .split(/[,\s]+/)
          .filter(Boolean)
          .map(Number),
      });
      setMessage({ kind: 'success', text: 'Pengaturan tersimpan.' });
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields);
      setMessage({
        kind: 'error',
        text: err instanceof ApiError ? err.message : 'Gagal menyimpan.',
      });
    }
  };

  return (
    <div className="settings-grid">
      <form
        className="card"
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          void save();
        }}
      >
        <h2>Pengaturan</h2>
        {locked ? (
          <Alert kind="success">Pemilihan sudah dikunci; pengaturan tidak dapat diubah lagi.</Alert>
        ) : null}
        {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
        <fieldset disabled={disabled} className="plain-fieldset">
          <TextField
            label="Judul"
            value={v.title}
            error={errors.title}
            onChange={(x) => setV({ ...v, title: x.target.value })}
          />
          <div className="field">
            <label htmlFor="set-desc">Deskripsi</label>
            <textarea
              id="set-desc"
              rows={3}
              value={v.description}
              onChange={(x) => setV({ ...v, description: x.target.value })}
            />
          </div>
          <div className="field-row">
            <TextField
              label="Waktu Mulai"
              type="datetime-local"
              hint="WIB"
              value={v.startsAt}
              error={errors.startsAt}
              onChange={(x) => setV({ ...v, startsAt: x.target.value })}
            />
            <TextField
              label="Waktu Selesai"
              type="datetime-local"
              hint="WIB"
              value={v.endsAt}
              error={errors.endsAt}
              onChange={(x) => setV({ ...v, endsAt: x.target.value })}
            />
          </div>
          <fieldset className="plain-fieldset">
            <legend>Surat suara</legend>
            <label className="check">
              <input
                type="checkbox"
                checked={v.kotakKosong}
                onChange={(x) => setV({ ...v, kotakKosong: x.target.checked })}
              />{' '}
              Tambahkan "Kotak Kosong" bila hanya ada satu kandidat
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={v.abstain}
                onChange={(x) => setV({ ...v, abstain: x.target.checked })}
              />{' '}
              Izinkan abstain
            </label>
          </fieldset>
          <div className="field">
            <label htmlFor="set-mode">Pemilih</label>
            <select
              id="set-mode"
              value={v.rollMode}
              onChange={(x) => setV({ ...v, rollMode: x.target.value as typeof v.rollMode })}
            >
              <option value="all">Semua pemilih terverifikasi</option>
              <option value="prodi">Program Studi tertentu</option>
              <option value="angkatan">Angkatan tertentu</option>
              <option value="roll">Daftar NIM yang diimpor (tab Pemilih)</option>
            </select>
          </div>
          {v.rollMode === 'prodi' ? (
            <fieldset
              className="plain-fieldset"
              aria-describedby={errors.rollProdi ? 'roll-prodi-error' : undefined}
            >
              <legend>Program Studi</legend>
              {PRODI.map((p) => (
                <label key={p} className="check">
                  <input
                    type="checkbox"
                    checked={v.rollProdi.includes(p)}
                    onChange={(x) =>
                      setV({
                        ...v,
                        rollProdi: x.target.checked
                          ? [...v.rollProdi, p]
                          : v.rollProdi.filter((y) => y !== p),
                      })
                    }
                  />{' '}
                  {p}
                </label>
              ))}
              {errors.rollProdi ? (
                <p className="field-error" id="roll-prodi-error" role="alert">
                  {errors.rollProdi}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          {v.rollMode === 'angkatan' ? (
            <TextField
              label="Angkatan"
              hint="Pisahkan dengan koma, mis. 2023, 2024"
              value={v.rollYears}
              error={errors.rollYears}
              onChange={(x) => setV({ ...v, rollYears: x.target.value })}
            />
          ) : null}
          <div className="field">
            <label htmlFor="set-release">Pengumuman hasil</label>
            <select
              id="set-release"
              value={v.resultsRelease}
              onChange={(x) =>
                setV({ ...v, resultsRelease: x.target.value as typeof v.resultsRelease })
              }
            >
              <option value="on-close">Otomatis saat pemungutan ditutup</option>
              <option value="manual">Diumumkan panitia setelah ditutup</option>
            </select>
          </div>
          {!disabled ? (
            <button type="submit" className="btn btn-primary" disabled={update.isPending}>
              {update.isPending ? 'Menyimpan...' : 'Simpan Pengaturan'}
            </button>
          ) : null}
        </fieldset>
      </form>
      {editSetup ? (
        <section className="card">
          <h2>Kunci Pemilihan</h2>
          <p>
            Setelah dikunci, kandidat, daftar pemilih dan surat suara tidak dapat diubah. Pemungutan
            suara dibuka otomatis sesuai jadwal.
          </p>
          {overview.blockers.length ? (
            <ul className="blockers">
              {overview.blockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          ) : null}
          {lock.error ? (
            <Alert kind="error">
              {lock.error instanceof ApiError ? lock.error.message : 'Gagal mengunci.'}
            </Alert>
          ) : null}
          <button
            type="button"
            className="btn btn-danger"
            disabled={overview.blockers.length > 0}
            onClick={() => setConfirmLock(true)}
          >
            Kunci Pemilihan
          </button>
          <ConfirmDialog
            open={confirmLock}
            title="Kunci pemilihan ini?"
            confirmLabel="Ya, Kunci"
            danger
            busy={lock.isPending}
            onCancel={() => setConfirmLock(false)}
            onConfirm={() => lock.mutate(undefined, { onSettled: () => setConfirmLock(false) })}
          >
            <p>
              {overview.candidates.length} kandidat dan {overview.prospectiveRollSize} pemilih akan
              dikunci. Langkah ini tidak dapat dibatalkan.
            </p>
          </ConfirmDialog>
        </section>
      ) : null}
      {canPrepare && e.status === 'ready' && (e.phase === 'upcoming' || e.phase === 'open') ? (
        <ExtendForm election={e} mayExtend={extend} />
      ) : null}
    </div>
  );
}

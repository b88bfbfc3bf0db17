import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useShownForm } from '../../../lib/register-shown.ts';
import { PRODI } from '../../../../shared/people.ts';
import { electionSettingsSchema, extendSchema } from '../../../../shared/schemas/election-setup.ts';
import { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { generateRecoveryCode } from '../../../../shared/crypto/recovery-code.ts';
import { RecoveryCodeStep } from './recovery-code-step.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { oneOf } from '../../../lib/options.ts';
import { formatWib } from '../../../../shared/wib.ts';
import { isoToWibInput, wibHint, wibInputToIso } from '../../../lib/wib.ts';
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

const extendFields = z.object({
  endsAt: z.string().min(1, { error: 'Waktu selesai baru wajib diisi.' }),
  alasan: z.string(),
});
type ExtendValues = z.input<typeof extendFields>;
const toExtendInput = (v: ExtendValues) => ({ ...v, endsAt: wibInputToIso(v.endsAt) });
const extendForm = extendFields.transform(toExtendInput).pipe(extendSchema);

function ExtendOnce({ election }: { election: E }) {
  const extend = useExtendElection(election.id);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const { register, handleSubmit, formState, setError, getValues, control } = useShownForm<
    ExtendValues,
    unknown,
    z.output<typeof extendForm>
  >({
    resolver: zodResolver(extendForm),
    defaultValues: { endsAt: isoToWibInput(election.endsAt), alasan: '' },
  });
  const newEnd = useWatch({ control, name: 'endsAt' });
  const onSubmit = handleSubmit(async () => {
    setMessage(undefined);
    try {
      await extend.mutateAsync(toExtendInput(getValues()));
      setMessage({ kind: 'success', text: 'Waktu selesai diperpanjang.' });
    } catch (err) {
      const text = applyServerErrors(err, setError, ['endsAt', 'alasan'], 'Gagal memperpanjang.');
      if (text) setMessage({ kind: 'error', text });
    }
  });
  return (
    <form method="post" className="card" noValidate onSubmit={onSubmit}>
      <h2>Perpanjang Waktu</h2>
      <p className="field-hint">
        Berakhir {formatWib(election.endsAt)}. Waktu selesai hanya dapat diperpanjang sekali, paling
        lama 24 jam. Alasannya ditampilkan di halaman hasil dan berita acara, dan dicatat di Histori
        Aktivitas.
      </p>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <TextField
        label="Waktu Selesai Baru"
        type="datetime-local"
        hint={wibHint(newEnd)}
        error={formState.errors.endsAt?.message}
        {...register('endsAt')}
      />
      <TextField label="Alasan" error={formState.errors.alasan?.message} {...register('alasan')} />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Perpanjang
      </button>
    </form>
  );
}

const splitYears = (s: string) => s.split(/[,\s]+/).filter(Boolean);
const yearsTyped = (s: string) => splitYears(s).every((y) => /^\d{4}$/.test(y));

// The form holds WIB wall-clock values and the years as typed; every other field is checked by its
// shared rule at once, and the whole input by the shared schema (the checks across fields) after.
const shared = electionSettingsSchema.shape;
const settingsFields = z
  .object({
    title: shared.title,
    description: shared.description,
    startsAt: z.string().min(1, { error: 'Waktu mulai wajib diisi.' }),
    endsAt: z.string().min(1, { error: 'Waktu selesai wajib diisi.' }),
    kotakKosong: shared.kotakKosong,
    abstain: shared.abstain,
    rollMode: shared.rollMode,
    rollProdi: shared.rollProdi,
    rollYears: z.string(),
    resultsRelease: shared.resultsRelease,
    reminderEnabled: shared.reminderEnabled,
  })
  // The years are shown (and so checked) only for a roll by year of entry.
  .refine((v) => v.rollMode !== 'angkatan' || yearsTyped(v.rollYears), {
    path: ['rollYears'],
    error: 'Tulis angkatan sebagai tahun empat angka, mis. 2023, 2024.',
  });
type SettingsValues = z.input<typeof settingsFields>;
const toSettingsInput = (v: SettingsValues) => ({
  ...v,
  startsAt: wibInputToIso(v.startsAt),
  endsAt: wibInputToIso(v.endsAt),
  rollYears: yearsTyped(v.rollYears) ? splitYears(v.rollYears).map(Number) : [],
});
const settingsForm = settingsFields.transform(toSettingsInput).pipe(electionSettingsSchema);
const settingsFieldNames = Object.keys(settingsFields.shape) as (keyof SettingsValues)[];

const ROLL_MODE_OPTIONS = [
  { value: 'all', label: 'Semua pemilih terverifikasi' },
  { value: 'prodi', label: 'Program Studi tertentu' },
  { value: 'angkatan', label: 'Angkatan tertentu' },
  { value: 'roll', label: 'Daftar NIM (impor CSV)' },
];
const RELEASE_OPTIONS = [
  { value: 'on-close', label: 'Otomatis saat ditutup' },
  { value: 'manual', label: 'Diumumkan panitia' },
];

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
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [confirmLock, setConfirmLock] = useState(false);
  // A verifiable election's recovery code: made here when the lock dialog opens, sent with the lock.
  const [recoveryCode, setRecoveryCode] = useState<string>();
  const [codeSaved, setCodeSaved] = useState(false);
  const openLock = () => {
    setRecoveryCode(e.verifiable ? generateRecoveryCode() : undefined);
    setCodeSaved(false);
    setConfirmLock(true);
  };
  const { register, handleSubmit, formState, setError, getValues, control, choice } = useShownForm<
    SettingsValues,
    unknown,
    z.output<typeof settingsForm>
  >({
    resolver: zodResolver(settingsForm),
    defaultValues: {
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
      reminderEnabled: e.reminderEnabled,
    },
  });
  const rollMode = useWatch({ control, name: 'rollMode' });
  const [startsAt, endsAt] = useWatch({ control, name: ['startsAt', 'endsAt'] });
  const errors = formState.errors;
  const { editSetup, extend } = overview.abilities;
  const locked = e.status !== 'draft';
  const disabled = !editSetup;

  const save = handleSubmit(async () => {
    setMessage(undefined);
    try {
      await update.mutateAsync(toSettingsInput(getValues()));
      setMessage({ kind: 'success', text: 'Pengaturan tersimpan.' });
    } catch (err) {
      const text = applyServerErrors(err, setError, settingsFieldNames, 'Gagal menyimpan.');
      if (text) setMessage({ kind: 'error', text });
    }
  });

  // Locked from this screen: the view goes to the top, where the locked state is told (the lock
  // button, at the bottom on a phone, is gone).
  const heading = useRef<HTMLHeadingElement>(null);
  const wasLocked = useRef(locked);
  useEffect(() => {
    if (locked && !wasLocked.current) {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus();
    }
    wasLocked.current = locked;
  }, [locked]);

  return (
    <div className="settings-grid">
      <form method="post" className="card" noValidate onSubmit={save}>
        <h2 ref={heading} tabIndex={-1}>
          Pengaturan
        </h2>
        {locked ? (
          <Alert kind="success">Pemilihan sudah dikunci; pengaturan tidak dapat diubah lagi.</Alert>
        ) : null}
        <fieldset disabled={disabled} className="plain-fieldset">
          <TextField label="Judul" error={errors.title?.message} {...register('title')} />
          <TextAreaField
            label="Deskripsi"
            id="set-desc"
            rows={3}
            error={errors.description?.message}
            {...register('description')}
          />
          <div className="field-row">
            <TextField
              label="Waktu Mulai"
              type="datetime-local"
              hint={wibHint(startsAt)}
              error={errors.startsAt?.message}
              {...register('startsAt')}
            />
            <TextField
              label="Waktu Selesai"
              type="datetime-local"
              hint={wibHint(endsAt)}
              error={errors.endsAt?.message}
              {...register('endsAt')}
            />
          </div>
          <fieldset className="plain-fieldset">
            <legend>Surat suara</legend>
            <label className="check">
              <input type="checkbox" {...register('kotakKosong')} /> Tambahkan "Kotak Kosong" bila
              hanya ada satu kandidat
            </label>
            <label className="check">
              <input type="checkbox" {...register('abstain')} /> Izinkan abstain
            </label>
          </fieldset>
          <SelectField
            label="Pemilih"
            hint={
              rollMode === 'roll'
                ? 'Daftar NIM diimpor dari berkas CSV di tab Pemilih.'
                : 'Hanya mahasiswa yang sudah diverifikasi admin BEM yang masuk daftar pemilih.'
            }
            id="set-mode"
            options={ROLL_MODE_OPTIONS}
            error={errors.rollMode?.message}
            {...register('rollMode')}
          />
          {rollMode === 'prodi' ? (
            <fieldset
              className="plain-fieldset"
              aria-describedby={errors.rollProdi ? 'roll-prodi-error' : undefined}
            >
              <legend>Program Studi</legend>
              {PRODI.map((p) => (
                <label key={p} className="check">
                  <input type="checkbox" {...choice('rollProdi', p)} /> {p}
                </label>
              ))}
              {errors.rollProdi ? (
                <p className="field-error" id="roll-prodi-error" role="alert">
                  {errors.rollProdi.message}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          {rollMode === 'angkatan' ? (
            <TextField
              label="Angkatan"
              hint="Pisahkan dengan koma, mis. 2023, 2024"
              error={errors.rollYears?.message}
              {...register('rollYears')}
            />
          ) : null}
          <SelectField
            label="Pengumuman hasil"
            hint={
              e.verifiable
                ? 'Otomatis: hasil terbuka untuk umum begitu para wali kunci selesai membuka tally setelah pemungutan suara ditutup. Diumumkan panitia: sesudah itu hasil baru terbuka setelah panitia menekan Umumkan Hasil.'
                : 'Otomatis: hasil terbuka untuk umum begitu pemungutan suara ditutup. Diumumkan panitia: hasil baru terbuka setelah panitia menekan Umumkan Hasil.'
            }
            id="set-release"
            options={RELEASE_OPTIONS}
            error={errors.resultsRelease?.message}
            {...register('resultsRelease')}
          />
          <label className="check">
            <input
              type="checkbox"
              aria-describedby="set-reminder-hint"
              {...register('reminderEnabled')}
            />{' '}
            Kirim email pengingat kepada pemilih yang belum memilih, 3 jam sebelum pemungutan suara
            ditutup
          </label>
          <p className="field-hint" id="set-reminder-hint">
            Semua pemilih di daftar juga menerima email saat pemungutan suara dibuka.
          </p>
          {/* Beside the button that was pressed: on a phone the top of the form is far away. */}
          {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
          {!disabled ? (
            <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Menyimpan...' : 'Simpan Pengaturan'}
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
            onClick={openLock}
          >
            Kunci Pemilihan
          </button>
          <ConfirmDialog
            open={confirmLock}
            title="Kunci pemilihan ini?"
            confirmLabel="Ya, Kunci"
            danger
            busy={lock.isPending}
            confirmDisabled={recoveryCode !== undefined && !codeSaved}
            onCancel={() => setConfirmLock(false)}
            onConfirm={() => lock.mutate(recoveryCode, { onSettled: () => setConfirmLock(false) })}
          >
            <p>
              {overview.candidates.length} kandidat dan {overview.prospectiveRollSize} pemilih akan
              dikunci. Langkah ini tidak dapat dibatalkan.
            </p>
            <p>
              {/* In a tab of its own: leaving this page would lose the recovery code above. */}
              <a href={`${paths.panitia(e.id)}/pemilih`} target="_blank" rel="noreferrer">
                Periksa daftar pemilih (tab baru)
              </a>{' '}
              sebelum mengunci: hanya mereka yang dapat memilih.
            </p>
            {recoveryCode ? (
              <RecoveryCodeStep
                code={recoveryCode}
                title={e.title}
                saved={codeSaved}
                onSaved={setCodeSaved}
              />
            ) : null}
          </ConfirmDialog>
        </section>
      ) : null}
      {canPrepare && e.status === 'ready' && (e.phase === 'upcoming' || e.phase === 'open') ? (
        <ExtendForm election={e} mayExtend={extend} />
      ) : null}
    </div>
  );
}

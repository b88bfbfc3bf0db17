import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Controller, useWatch } from 'react-hook-form';
import { useShownForm } from '../../../lib/register-shown.ts';
import { useNavigate } from 'react-router';
import { PRODI } from '../../../../shared/people.ts';
import { normalizeNim } from '../../../../shared/nim.ts';
import { voterProfileSchema, type VoterProfileInput } from '../../../../shared/schemas/account.ts';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { SaveStatus } from '../../../components/save-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useUpdateOwnVoter, type OwnVoter } from '../api/own-voter.ts';
import { PhotoPanel } from '../../../components/photo-panel.tsx';
import { useProfileSave } from '../hooks/use-profile-save.ts';

const fields = ['namaLengkap', 'nim', 'prodi', 'foto'] as const;
const normalizedNim = (nim: string) => {
  const n = normalizeNim(nim);
  return n.ok ? n.nim : nim;
};
const listed = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} dan ${names.at(-1)}` : (names[0] ?? '');
const IDENTITY = [
  ['namaLengkap', 'Nama Lengkap'],
  ['nim', 'NIM'],
  ['prodi', 'Program Studi'],
] as const;

const pick = (v: OwnVoter): VoterProfileInput => ({
  namaLengkap: v.namaLengkap,
  nim: v.nim,
  prodi: v.prodi,
  foto: v.foto,
});

/** Edit Profil Pemilih: photo panel and the form; saving writes the whole profile. */
export function VoterProfileForm({ voter }: { voter: OwnVoter }) {
  const navigate = useNavigate();
  const update = useUpdateOwnVoter();
  const { register, handleSubmit, control, formState, setError, reset } =
    useShownForm<VoterProfileInput>({
      resetOptions: { keepDirtyValues: true },
      resolver: zodResolver(voterProfileSchema),
      // The record as the server has it now: a change made elsewhere (live update) refills the form
      // while the person's own unsaved edits are kept.
      values: pick(voter),
    });
  const namaLengkap = useWatch({ control, name: 'namaLengkap' });
  const e = formState.errors;
  const save = useProfileSave({
    save: update.mutateAsync,
    toValues: pick,
    reset,
    setError,
    fields,
  });

  // A verified voter's name, NIM and programme were checked by an admin: changing one sends them
  // back to verification, so it is confirmed first, with the fields named. A rejected voter is
  // expected to change them (that is how they ask to be checked again): no question.
  const [confirming, setConfirming] = useState<{ values: VoterProfileInput; names: string[] }>();
  const onSubmit = handleSubmit((values) => {
    // A NIM stored before normalisation (leading zeros) is the same NIM as typed without them.
    const stored = { ...voter, nim: normalizedNim(voter.nim) };
    const names = IDENTITY.filter(([k]) => values[k] !== stored[k]).map(([, label]) => label);
    if (voter.status === 'verified' && names.length) setConfirming({ values, names });
    else return save.submit(values);
  }, save.clear);

  return (
    <form method="post" className="profile-layout" onSubmit={onSubmit} noValidate>
      <Controller
        control={control}
        name="foto"
        render={({ field }) => (
          <PhotoPanel
            foto={field.value}
            initial={voter.namaTampilan || namaLengkap}
            onChange={(foto) => field.onChange(foto)}
            error={e.foto?.message}
          />
        )}
      />
      <div className="profile-fields card">
        {voter.status === 'verified' ? (
          <p className="field-hint">
            Mengubah Nama Lengkap, NIM atau Program Studi akan mengembalikan status Anda ke menunggu
            verifikasi; sampai diverifikasi ulang oleh admin BEM, Anda tidak dapat memilih. Foto
            dapat diubah kapan saja.
          </p>
        ) : voter.status === 'rejected' ? (
          <p className="field-hint">
            Perbaiki data sesuai alasan penolakan di Dashboard Pemilih, lalu simpan: admin BEM akan
            memeriksanya ulang.
          </p>
        ) : null}
        <TextField
          label="Nama Lengkap"
          autoComplete="name"
          error={e.namaLengkap?.message}
          {...register('namaLengkap')}
        />
        <TextField
          label="NIM"
          inputMode="numeric"
          hint="Angka 0 di depan NIM tidak disimpan; tanpa angka itu NIM Anda tetap sama."
          error={e.nim?.message}
          {...register('nim')}
        />
        <SelectField
          label="Program Studi"
          options={PRODI}
          error={e.prodi?.message}
          {...register('prodi')}
        />
        <div className="profile-actions">
          <button type="submit" className="btn btn-primary" disabled={save.state.kind === 'saving'}>
            Simpan Perubahan
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void navigate(paths.dashboardPemilih)}
          >
            Kembali ke Dashboard
          </button>
        </div>
        <SaveStatus state={save.state} />
      </div>
      <ConfirmDialog
        open={confirming !== undefined}
        title="Simpan perubahan data diri?"
        confirmLabel="Ya, Simpan"
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => {
          const values = confirming?.values;
          setConfirming(undefined);
          if (values) void save.submit(values);
        }}
      >
        <p>
          Anda mengubah {listed(confirming?.names ?? [])}. Status Anda akan kembali menjadi{' '}
          <strong>Menunggu verifikasi</strong> dan Anda tidak dapat memilih sampai admin BEM
          memeriksa data Anda lagi.
        </p>
      </ConfirmDialog>
    </form>
  );
}

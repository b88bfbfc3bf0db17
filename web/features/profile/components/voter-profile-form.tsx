import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PRODI } from '../../../../shared/people.ts';
import { voterProfileSchema, type VoterProfileInput } from '../../../../shared/schemas/account.ts';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { SaveStatus, type SaveState } from '../../../components/save-status.tsx';
import { paths } from '../../../config/paths.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateOwnVoter, type OwnVoter } from '../api/own-voter.ts';
import { PhotoPanel } from '../../../components/photo-panel.tsx';

const fields = ['namaLengkap', 'nim', 'prodi', 'foto'] as const;

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
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const { register, handleSubmit, control, formState, setError, reset } =
    useForm<VoterProfileInput>({
      resetOptions: { keepDirtyValues: true },
      resolver: zodResolver(voterProfileSchema),
      // The record as the server has it now: a change made elsewhere (live update) refills the form
      // while the person's own unsaved edits are kept.
      values: {
        namaLengkap: voter.namaLengkap,
        nim: voter.nim,
        prodi: voter.prodi,
        foto: voter.foto,
      },
    });
  const namaLengkap = useWatch({ control, name: 'namaLengkap' });
  const e = formState.errors;

  const onSubmit = handleSubmit(
    async (values) => {
      setSave({ kind: 'saving' });
      try {
        const saved = await update.mutateAsync(values);
        // What was saved is the new clean state, so later live changes reach these fields too.
        reset(pick(saved));
        setSave({ kind: 'done', message: 'Profil berhasil diperbarui!' });
      } catch (err) {
        applyServerErrors(err, setError, fields);
        setSave({ kind: 'done', message: 'Gagal memperbarui profil.' });
      }
    },
    () => setSave({ kind: 'idle' }),
  );

  return (
    <form className="profile-layout" onSubmit={onSubmit} noValidate>
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
            Mengubah NIM akan mengembalikan status Anda ke menunggu verifikasi.
          </p>
        ) : null}
        <TextField
          label="Nama Lengkap"
          autoComplete="name"
          error={e.namaLengkap?.message}
          {...register('namaLengkap')}
        />
        <TextField label="NIM" inputMode="numeric" error={e.nim?.message} {...register('nim')} />
        <SelectField
          label="Program Studi"
          options={PRODI}
          error={e.prodi?.message}
          {...register('prodi')}
        />
        <div className="profile-actions">
          <button type="submit" className="btn btn-primary" disabled={save.kind === 'saving'}>
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
        <SaveStatus state={save} />
      </div>
    </form>
  );
}

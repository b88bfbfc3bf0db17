import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PRODI } from '../../../../shared/people.ts';
import { voterProfileSchema, type VoterProfileInput } from '../../../../shared/schemas/account.ts';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { SaveStatus } from '../../../components/save-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useUpdateOwnVoter, type OwnVoter } from '../api/own-voter.ts';
import { PhotoPanel } from '../../../components/photo-panel.tsx';
import { useProfileSave } from '../hooks/use-profile-save.ts';

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
  const { register, handleSubmit, control, formState, setError, reset } =
    useForm<VoterProfileInput>({
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

  const onSubmit = handleSubmit(save.submit, save.clear);

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
    </form>
  );
}

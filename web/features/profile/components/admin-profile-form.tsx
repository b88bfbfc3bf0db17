import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useWatch } from 'react-hook-form';
import { useShownForm } from '../../../lib/register-shown.ts';
import { useNavigate } from 'react-router';
import { adminProfileSchema, type AdminProfileInput } from '../../../../shared/schemas/account.ts';
import { TextField } from '../../../components/form-field.tsx';
import { SaveStatus } from '../../../components/save-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useUpdateOwnAdmin } from '../api/own-admin.ts';
import { PhotoPanel } from '../../../components/photo-panel.tsx';
import { useProfileSave } from '../hooks/use-profile-save.ts';

const fields = ['namaTampilan', 'namaLengkap', 'foto'] as const;

const pick = (a: AdminProfileInput): AdminProfileInput => ({
  namaTampilan: a.namaTampilan,
  namaLengkap: a.namaLengkap,
  foto: a.foto,
});

/** Edit Profil for admins: display name, full name and photo, with the same photo rules. */
export function AdminProfileForm({ admin }: { admin: AdminProfileInput & { role: string } }) {
  const navigate = useNavigate();
  const update = useUpdateOwnAdmin();
  const { register, handleSubmit, control, formState, setError, reset } =
    useShownForm<AdminProfileInput>({
      resetOptions: { keepDirtyValues: true },
      resolver: zodResolver(adminProfileSchema),
      // The record as the server has it now: a change made elsewhere (live update) refills the form
      // while the person's own unsaved edits are kept.
      values: pick(admin),
    });
  const [namaTampilan, namaLengkap] = useWatch({ control, name: ['namaTampilan', 'namaLengkap'] });
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
    <form method="post" className="profile-layout" onSubmit={onSubmit} noValidate>
      <Controller
        control={control}
        name="foto"
        render={({ field }) => (
          <PhotoPanel
            foto={field.value}
            initial={namaTampilan || namaLengkap}
            onChange={(foto) => field.onChange(foto)}
            error={e.foto?.message}
          />
        )}
      />
      <div className="profile-fields card">
        <p className="field-hint">Peran: {admin.role === 'master' ? 'Master' : 'Admin'}</p>
        <TextField
          label="Nama Tampilan"
          hint="Ditampilkan di menu akun; kosongkan untuk memakai nama lengkap."
          error={e.namaTampilan?.message}
          {...register('namaTampilan')}
        />
        <TextField
          label="Nama Lengkap"
          autoComplete="name"
          error={e.namaLengkap?.message}
          {...register('namaLengkap')}
        />
        <div className="profile-actions">
          <button type="submit" className="btn btn-primary" disabled={save.state.kind === 'saving'}>
            Simpan Perubahan
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void navigate(paths.admin.dashboard)}
          >
            Kembali ke Dashboard
          </button>
        </div>
        <SaveStatus state={save.state} />
      </div>
    </form>
  );
}

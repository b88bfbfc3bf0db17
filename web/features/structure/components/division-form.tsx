import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { divisionInputSchema, type DivisionInput } from '../../../../shared/schemas/structure.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useCreateDivision, useUpdateDivision } from '../api/structure-mutations.ts';
import type { OrgDivision } from '../api/structure-queries.ts';

const fields = ['name', 'description'] as const;
type Values = z.input<typeof divisionInputSchema>;

/** Adds a division to a period, or edits one (name and a short description). */
export function DivisionForm({
  periodId,
  division,
  onDone,
}: {
  periodId: string;
  division?: OrgDivision;
  onDone: () => void;
}) {
  const create = useCreateDivision();
  const update = useUpdateDivision();
  const [message, setMessage] = useState<string>();
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, DivisionInput>({
    resolver: zodResolver(divisionInputSchema),
    defaultValues: { name: division?.name ?? '', description: division?.description ?? '' },
  });
  const e = formState.errors;
  const busy = formState.isSubmitting;

  const onSubmit = handleSubmit(async (input) => {
    setMessage(undefined);
    try {
      if (division) await update.mutateAsync({ id: division.id, input });
      else await create.mutateAsync({ periodId, input });
      onDone();
    } catch (err) {
      setMessage(applyServerErrors(err, setError, fields, 'Gagal menyimpan divisi.'));
    }
  });

  return (
    <form method="post" className="admin-inline-form" noValidate onSubmit={onSubmit}>
      <p className="admin-form-title">
        {division ? `Ubah divisi ${division.name}` : 'Divisi baru'}
      </p>
      {message ? <Alert kind="error">{message}</Alert> : null}
      <TextField
        label="Nama divisi"
        maxLength={120}
        autoComplete="off"
        error={e.name?.message}
        {...register('name')}
      />
      <TextField
        label="Deskripsi divisi (opsional)"
        maxLength={500}
        autoComplete="off"
        error={e.description?.message}
        {...register('description')}
      />
      <div className="page-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Menyimpan...' : division ? 'Simpan Divisi' : 'Tambah Divisi'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone} disabled={busy}>
          Batal
        </button>
      </div>
    </form>
  );
}

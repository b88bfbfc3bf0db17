import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { periodInputSchema, type PeriodInput } from '../../../../shared/schemas/structure.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useCreatePeriod, useUpdatePeriod } from '../api/structure-mutations.ts';
import type { PeriodSummary } from '../api/structure-queries.ts';

const fields = ['label', 'cabinetName', 'tagline'] as const;
type Values = z.input<typeof periodInputSchema>;

/** Adds a period or edits one: label (e.g. 2025/2026), cabinet name and tagline. */
export function PeriodForm({
  period,
  onSaved,
  onCancel,
}: {
  period?: PeriodSummary;
  onSaved: (id: string) => void;
  onCancel?: () => void;
}) {
  const create = useCreatePeriod();
  const update = useUpdatePeriod();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const { register, handleSubmit, formState, setError, reset } = useForm<
    Values,
    unknown,
    PeriodInput
  >({
    resolver: zodResolver(periodInputSchema),
    defaultValues: {
      label: period?.label ?? '',
      cabinetName: period?.cabinetName ?? '',
      tagline: period?.tagline ?? '',
    },
  });
  const e = formState.errors;
  const busy = formState.isSubmitting;

  const onSubmit = handleSubmit(async (input) => {
    setMessage(undefined);
    try {
      if (period) {
        await update.mutateAsync({ id: period.id, input });
        setMessage({ kind: 'success', text: 'Periode berhasil disimpan.' });
        onSaved(period.id);
      } else {
        const created = await create.mutateAsync(input);
        reset({ label: '', cabinetName: '', tagline: '' });
        onSaved(created.id);
      }
    } catch (err) {
      const text = applyServerErrors(err, setError, fields, 'Gagal menyimpan periode.');
      if (text) setMessage({ kind: 'error', text });
    }
  });

  return (
    <form method="post" className="admin-inline-form" noValidate onSubmit={onSubmit}>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <div className="field-row">
        <TextField
          label="Periode"
          maxLength={40}
          hint="Mis. 2025/2026."
          autoComplete="off"
          error={e.label?.message}
          {...register('label')}
        />
        <TextField
          label="Nama kabinet"
          maxLength={120}
          autoComplete="off"
          error={e.cabinetName?.message}
          {...register('cabinetName')}
        />
      </div>
      <TextField
        label="Tagline kabinet (opsional)"
        maxLength={300}
        autoComplete="off"
        error={e.tagline?.message}
        {...register('tagline')}
      />
      <div className="page-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Menyimpan...' : period ? 'Simpan Periode' : 'Tambah Periode'}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
            Batal
          </button>
        ) : null}
      </div>
    </form>
  );
}

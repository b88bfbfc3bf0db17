import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { joinCommitteeSchema } from '../../../../shared/schemas/elections.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useJoinCommittee } from '../api/join.ts';

type Values = z.input<typeof joinCommitteeSchema>;
const fields = ['kodeUndangan'] as const;

/**
 * For someone already signed in: join a committee with a committee code (PNT-), or become a
 * candidate pair's witness with a witness code (SKS-); either lands on the election's area.
 */
export function JoinCommitteeForm() {
  const navigate = useNavigate();
  const join = useJoinCommittee();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(joinCommitteeSchema),
    defaultValues: { kodeUndangan: '' },
  });

  const onSubmit = handleSubmit(async ({ kodeUndangan }) => {
    setFormError(undefined);
    try {
      const out = await join.mutateAsync(kodeUndangan);
      await navigate(paths.panitia(out.electionId));
    } catch (err) {
      setFormError(applyServerErrors(err, setError, fields));
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <TextField
        label="Kode Undangan"
        hint="Kode panitia (PNT-XXXX-XXXX) atau kode saksi (SKS-XXXX-XXXX)"
        error={formState.errors.kodeUndangan?.message}
        autoComplete="off"
        {...register('kodeUndangan')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Memproses...' : 'Gabung sebagai Panitia atau Saksi'}
      </button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { voterDataSchema, type VoterDataInput } from '../../../../shared/schemas/account.ts';
import { Alert } from '../../../components/alert.tsx';
import { StudentFields } from './student-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useCreateOwnVoter } from '../api/create-own-voter.ts';

const fields = ['namaLengkap', 'nim', 'prodi'] as const;

/**
 * The student data of an account that is signed in but has no voter record yet (a campus SSO
 * account whose provider sends no NIM, a committee member who is also a student). Saved, it waits
 * for an admin's verification like any registration, and the voter dashboard says so.
 */
export function VoterDataForm({ name }: { name: string }) {
  const navigate = useNavigate();
  const save = useCreateOwnVoter();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState, setError } = useForm<VoterDataInput>({
    resolver: zodResolver(voterDataSchema),
    defaultValues: { namaLengkap: name, nim: '', prodi: undefined },
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync(values);
      await navigate(paths.dashboardPemilih, { replace: true });
    } catch (err) {
      setFormError(applyServerErrors(err, setError, fields));
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <StudentFields register={register} errors={e} />
      <button type="submit" className="btn btn-primary btn-block" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Menyimpan...' : 'Simpan Data Pemilih'}
      </button>
    </form>
  );
}

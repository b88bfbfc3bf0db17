import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  registerCommitteeSchema,
  type RegisterCommitteeInput,
} from '../../../../shared/schemas/elections.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useRegisterCommittee } from '../api/join.ts';

const fields = ['kodeUndangan', 'namaLengkap', 'email', 'password', 'confirmPassword'] as const;

/**
 * Registration with an invitation code: a committee member's (PNT-) or a witness's (SKS-); lands
 * on that election's area.
 */
export function RegisterCommitteeForm() {
  const navigate = useNavigate();
  const registerCommittee = useRegisterCommittee();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState, setError } = useForm<RegisterCommitteeInput>({
    resolver: zodResolver(registerCommitteeSchema),
    defaultValues: {
      kodeUndangan: '',
      namaLengkap: '',
      email: '',
      password: '',
      confirmPassword: '',
    },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const out = await registerCommittee.mutateAsync(values);
      await navigate(paths.panitia(out.electionId), { replace: true });
    } catch (err) {
      setFormError(applyServerErrors(err, setError, fields));
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <TextField
        label="Kode Undangan"
        autoComplete="off"
        hint="Kode panitia (contoh: PNT-AB12-CD34) atau kode saksi (contoh: SKS-AB12-CD34)"
        error={e.kodeUndangan?.message}
        {...register('kodeUndangan')}
      />
      <TextField
        label="Nama Lengkap"
        autoComplete="name"
        error={e.namaLengkap?.message}
        {...register('namaLengkap')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={e.email?.message}
        {...register('email')}
      />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={{ password: e.password?.message, confirm: e.confirmPassword?.message }}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Mendaftarkan...' : 'Daftar'}
      </button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  registerVoterSchema,
  type RegisterVoterInput,
} from '../../../../shared/schemas/account.ts';
import { Alert } from '../../../components/alert.tsx';
import { StudentFields } from './student-fields.tsx';
import { Link } from '../../../components/link.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useRegisterVoter } from '../api/register-voter.ts';

const fields = ['namaLengkap', 'nim', 'prodi', 'email', 'password', 'confirmPassword'] as const;

/**
 * Voter registration. Once sent, the form gives way to the server's answer: the student opens the
 * confirmation link mailed to them, which signs them in and lands on the dashboard.
 */
export function RegisterVoterForm() {
  const registerVoter = useRegisterVoter();
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<{ email: string; message: string }>();
  const { register, handleSubmit, formState, setError, reset } = useForm<RegisterVoterInput>({
    resolver: zodResolver(registerVoterSchema),
    defaultValues: {
      namaLengkap: '',
      nim: '',
      // No programme chosen yet: the select shows its placeholder.
      prodi: undefined,
      email: '',
      password: '',
      confirmPassword: '',
    },
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await registerVoter.mutateAsync(values);
      setSent({ email: values.email.trim().toLowerCase(), message: answer.message });
    } catch (err) {
      setFormError(applyServerErrors(err, setError, fields));
    }
  });

  if (sent)
    return (
      <div className="register-sent">
        <Alert kind="success">
          <strong>Periksa email Anda.</strong> {sent.message}
        </Alert>
        <p>
          Email dikirim ke <strong>{sent.email}</strong>. Tautan konfirmasi berlaku 24 jam.
        </p>
        <p className="field-hint">
          Salah menulis alamat email?{' '}
          <button
            type="button"
            className="link-button inline-link"
            onClick={() => {
              reset();
              setSent(undefined);
            }}
          >
            Isi formulir lagi
          </button>
        </p>
        <p>
          <Link to={paths.home}>Kembali ke Beranda</Link>
        </p>
      </div>
    );

  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <StudentFields register={register} errors={e} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
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

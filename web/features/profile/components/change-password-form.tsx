import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordSchema } from '../../../../shared/schemas/account.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useChangePassword } from '../api/change-password.ts';

type Values = z.input<typeof changePasswordSchema>;
const empty: Values = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Ubah Kata Sandi on a profile screen: the current password, then the new one twice. Other
 * sessions of the account end; this one stays signed in.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string }>();
  const { register, handleSubmit, formState, reset, setError } = useForm<Values>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: empty,
  });
  const onSubmit = handleSubmit(async (values) => {
    setResult(undefined);
    try {
      await change.mutateAsync(values);
      reset(empty);
      setResult({
        kind: 'success',
        text: 'Kata sandi berhasil diubah. Sesi di perangkat lain telah diakhiri.',
      });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'Terjadi kesalahan. Coba lagi.';
      if (err instanceof ApiError && err.code === 'INVALID_PASSWORD')
        setError('currentPassword', { message }, { shouldFocus: true });
      else setResult({ kind: 'error', text: message });
    }
  });
  return (
    <section className="card change-password" aria-labelledby="ubah-sandi">
      <h2 id="ubah-sandi">Ubah Kata Sandi</h2>
      <form method="post" onSubmit={onSubmit} noValidate>
        <TextField
          label="Kata Sandi Saat Ini"
          type="password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields
          label="Kata Sandi Baru"
          password={register('password')}
          confirm={register('confirmPassword')}
          errors={{
            password: formState.errors.password?.message,
            confirm: formState.errors.confirmPassword?.message,
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Mengubah...' : 'Ubah Kata Sandi'}
        </button>
        {result ? <Alert kind={result.kind}>{result.text}</Alert> : null}
      </form>
    </section>
  );
}

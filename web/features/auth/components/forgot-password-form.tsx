import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { requestResetSchema } from '../../../../shared/schemas/account.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';

type Values = z.input<typeof requestResetSchema>;

/** Asks for a reset link by email; the answer never tells whether the email has an account. */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(requestResetSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await requestReset.mutateAsync(values.email.trim().toLowerCase());
      setSentTo(values.email.trim());
    } catch (err) {
      setFormError(err instanceof ApiError ? err.message : 'Terjadi kesalahan. Silakan coba lagi.');
    }
  });

  if (sentTo) {
    return (
      <Alert kind="success">
        Jika {sentTo} terdaftar, tautan untuk mengatur ulang kata sandi telah dikirim ke email
        tersebut. Periksa juga folder spam. Tautan berlaku 1 jam.
      </Alert>
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Mengirim...' : 'Kirim Tautan'}
      </button>
    </form>
  );
}

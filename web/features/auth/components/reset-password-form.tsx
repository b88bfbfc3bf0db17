import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '../../../components/link.tsx';
import { resetPasswordSchema } from '../../../../shared/schemas/account.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useResetPassword } from '../api/password-reset.ts';

type Values = z.input<typeof resetPasswordSchema>;

/** Sets a new password with the token of the mailed link (an admin's invitation: `invited`). */
export function ResetPasswordForm({
  token,
  invited = false,
}: {
  token: string;
  invited?: boolean;
}) {
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await reset.mutateAsync({ token, password: values.password });
      setDone(true);
    } catch (err) {
      setFormError(err instanceof ApiError ? err.message : 'Terjadi kesalahan. Silakan coba lagi.');
    }
  });

  if (done) {
    return (
      <>
        <Alert kind="success">
          {invited
            ? 'Kata sandi tersimpan. Silakan masuk sebagai admin dengan email dan kata sandi ini.'
            : 'Kata sandi berhasil diubah. Silakan masuk dengan kata sandi baru.'}
        </Alert>
        <div className="form-links">
          {invited ? null : <Link to={paths.loginPemilih}>Masuk sebagai pemilih</Link>}
          <Link to={paths.login}>Masuk sebagai admin/panitia</Link>
        </div>
      </>
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <NewPasswordFields
        label="Kata Sandi Baru"
        password={register('password')}
        confirm={register('confirmPassword')}
        errors={{
          password: formState.errors.password?.message,
          confirm: formState.errors.confirmPassword?.message,
        }}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Menyimpan...' : 'Simpan Kata Sandi'}
      </button>
    </form>
  );
}

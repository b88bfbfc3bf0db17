import type { UseFormRegisterReturn } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH } from '../../shared/people.ts';
import { TextField } from './form-field.tsx';

/** A new password and its confirmation, as every form that sets a password asks for them. */
export function NewPasswordFields({
  label = 'Kata Sandi',
  password,
  confirm,
  errors,
}: {
  label?: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirm?: string | undefined };
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint={`Minimal ${MIN_PASSWORD_LENGTH} karakter.`}
        error={errors.password}
        {...password}
      />
      <TextField
        label="Konfirmasi Kata Sandi"
        type="password"
        autoComplete="new-password"
        error={errors.confirm}
        {...confirm}
      />
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { addAdminSchema, type AddAdminInput } from '../../../../shared/schemas/admins.ts';
import { Alert } from '../../../components/alert.tsx';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useAddAdmin } from '../api/admins.ts';
import '../../../styles/admin.css';

const fields = ['email', 'namaLengkap', 'role'] as const;

/** Tambah Admin: email, full name and role; the server mails the invitation or the notice. */
export function AddAdminForm() {
  const add = useAddAdmin();
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState<string>();
  const { register, handleSubmit, formState, setError, reset } = useForm<AddAdminInput>({
    resolver: zodResolver(addAdminSchema),
    defaultValues: { email: '', namaLengkap: '', role: 'admin' },
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    setDone(undefined);
    try {
      const { admin, newAccount } = await add.mutateAsync(values);
      setDone(
        newAccount
          ? `${admin.namaLengkap} ditambahkan. Email undangan untuk membuat kata sandi sedang dikirim ke ${admin.email}.`
          : `${admin.namaLengkap} (akun yang sudah ada) sekarang admin. Kata sandi lamanya tidak berlaku lagi; email berisi tautan untuk membuat kata sandi baru sedang dikirim ke ${admin.email}.`,
      );
      reset();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, fields));
    }
  });

  return (
    <section className="card admin-add" aria-labelledby="tambah-admin">
      <h2 id="tambah-admin">Tambah Admin</h2>
      <p className="field-hint">
        Orang yang ditambahkan menerima email berisi tautan untuk membuat kata sandi (berlaku 3
        hari). Akun yang sudah ada, misalnya pemilih, langsung menjadi admin; kata sandi lamanya
        tidak berlaku lagi dan ia keluar dari semua perangkat sampai membuat kata sandi baru.
      </p>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      {done ? <Alert kind="success">{done}</Alert> : null}
      <form method="post" className="admin-add-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          inputMode="email"
          error={e.email?.message}
          {...register('email')}
        />
        <TextField
          label="Nama Lengkap"
          autoComplete="off"
          error={e.namaLengkap?.message}
          {...register('namaLengkap')}
        />
        <SelectField
          label="Peran"
          options={[
            { value: 'admin', label: 'Admin' },
            { value: 'master', label: 'Master (dapat mengelola admin dan pemilihan)' },
          ]}
          error={e.role?.message}
          {...register('role')}
        />
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Menambahkan...' : 'Tambah Admin'}
        </button>
      </form>
    </section>
  );
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import { PRODI } from '../../../../shared/people.ts';
import { SelectField, TextField } from '../../../components/form-field.tsx';

type StudentField = 'namaLengkap' | 'nim' | 'prodi';

/**
 * A student's Nama Lengkap, NIM and Program Studi, as registration and "Lengkapi Data Pemilih"
 * ask for them: fields of the form whose `register` and errors it is given.
 */
export function StudentFields({
  register,
  errors,
}: {
  register: (name: StudentField) => UseFormRegisterReturn<StudentField>;
  errors: Partial<Record<StudentField, { message?: string | undefined } | undefined>>;
}) {
  return (
    <>
      <TextField
        label="Nama Lengkap"
        autoComplete="name"
        error={errors.namaLengkap?.message}
        {...register('namaLengkap')}
      />
      <TextField
        label="NIM"
        inputMode="numeric"
        autoComplete="off"
        hint="8–12 digit angka, sesuai kartu mahasiswa. Angka 0 di depan tidak disimpan: 022300145 tercatat sebagai 22300145, NIM yang sama."
        error={errors.nim?.message}
        {...register('nim')}
      />
      <SelectField
        label="Program Studi"
        options={PRODI}
        placeholder="Pilih Program Studi"
        error={errors.prodi?.message}
        {...register('prodi')}
      />
    </>
  );
}

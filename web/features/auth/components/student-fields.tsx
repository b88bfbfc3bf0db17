import type { UseFormRegisterReturn } from 'react-hook-form';
import { PRODI } from '../../../../shared/people.ts';
import { SelectField, TextField } from '../../../components/form-field.tsx';

/**
 * A student's Nama Lengkap, NIM and Program Studi, as registration and "Lengkapi Data Pemilih"
 * ask for them.
 */
export function StudentFields({
  fields,
  errors,
}: {
  fields: {
    namaLengkap: UseFormRegisterReturn<'namaLengkap'>;
    nim: UseFormRegisterReturn<'nim'>;
    prodi: UseFormRegisterReturn<'prodi'>;
  };
  errors: {
    namaLengkap?: string | undefined;
    nim?: string | undefined;
    prodi?: string | undefined;
  };
}) {
  return (
    <>
      <TextField
        label="Nama Lengkap"
        autoComplete="name"
        error={errors.namaLengkap}
        {...fields.namaLengkap}
      />
      <TextField
        label="NIM"
        inputMode="numeric"
        autoComplete="off"
        hint="8–12 digit angka, sesuai kartu mahasiswa. Angka 0 di depan tidak disimpan: 022300145 tercatat sebagai 22300145, NIM yang sama."
        error={errors.nim}
        {...fields.nim}
      />
      <SelectField
        label="Program Studi"
        options={PRODI}
        placeholder="Pilih Program Studi"
        error={errors.prodi}
        {...fields.prodi}
      />
    </>
  );
}

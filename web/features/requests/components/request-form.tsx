import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { electionRequestSchema } from '../../../../shared/schemas/elections.ts';
import { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { wibHint, wibInputToIso } from '../../../lib/wib.ts';
import { useSubmitRequest } from '../api/requests.ts';

// The form holds WIB wall-clock values from datetime-local inputs; the shared rules check them all
// at once (an empty time included), so every field's message shows on the first submit.
const formSchema = z
  .object({
    namaPemilihan: z.string(),
    penyelenggara: z.string(),
    deskripsi: z.string(),
    waktuMulai: z.string(),
    waktuSelesai: z.string(),
    namaPemohon: z.string(),
    emailPemohon: z.string(),
  })
  .transform((v) => ({
    ...v,
    waktuMulai: wibInputToIso(v.waktuMulai),
    waktuSelesai: wibInputToIso(v.waktuSelesai),
  }))
  .pipe(electionRequestSchema.transform((v) => v));

type Values = z.input<typeof formSchema>;
const fields = [
  'namaPemilihan',
  'penyelenggara',
  'deskripsi',
  'waktuMulai',
  'waktuSelesai',
  'namaPemohon',
  'emailPemohon',
] as const;

/** Anyone asks for an election; the master admin decides. */
export function RequestForm() {
  const submit = useSubmitRequest();
  const [sent, setSent] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState, setError, getValues, control } = useForm<
    Values,
    unknown,
    z.output<typeof formSchema>
  >({
    resolver: zodResolver(formSchema),
    defaultValues: {
      namaPemilihan: '',
      penyelenggara: '',
      deskripsi: '',
      waktuMulai: '',
      waktuSelesai: '',
      namaPemohon: '',
      emailPemohon: '',
    },
  });
  const e = formState.errors;
  const [mulai, selesai] = useWatch({ control, name: ['waktuMulai', 'waktuSelesai'] });

  const onSubmit = handleSubmit(async () => {
    setFormError(undefined);
    const v = getValues();
    try {
      await submit.mutateAsync({
        ...v,
        waktuMulai: wibInputToIso(v.waktuMulai),
        waktuSelesai: wibInputToIso(v.waktuSelesai),
      });
      setSent(v.emailPemohon);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, fields));
    }
  });

  if (sent) {
    return (
      <Alert kind="success">
        Permohonan terkirim. Konfirmasi telah dikirim ke {sent}. Admin master BEM akan meninjau
        permohonan ini; jika disetujui, kode undangan panitia dikirim ke email tersebut.
      </Alert>
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="card form-card">
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <TextField
        label="Nama Pemilihan"
        error={e.namaPemilihan?.message}
        {...register('namaPemilihan')}
      />
      <TextField
        label="Penyelenggara"
        hint="Organisasi atau lembaga yang menyelenggarakan."
        error={e.penyelenggara?.message}
        {...register('penyelenggara')}
      />
      <TextAreaField
        label="Deskripsi"
        id="deskripsi"
        rows={4}
        error={e.deskripsi?.message}
        {...register('deskripsi')}
      />
      <div className="field-row">
        <TextField
          label="Waktu Mulai"
          type="datetime-local"
          hint={wibHint(mulai)}
          error={e.waktuMulai?.message}
          {...register('waktuMulai')}
        />
        <TextField
          label="Waktu Selesai"
          type="datetime-local"
          hint={wibHint(selesai)}
          error={e.waktuSelesai?.message}
          {...register('waktuSelesai')}
        />
      </div>
      <TextField
        label="Nama Pemohon"
        autoComplete="name"
        error={e.namaPemohon?.message}
        {...register('namaPemohon')}
      />
      <TextField
        label="Email Pemohon"
        type="email"
        autoComplete="email"
        error={e.emailPemohon?.message}
        {...register('emailPemohon')}
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Mengirim...' : 'Ajukan Permohonan'}
      </button>
    </form>
  );
}

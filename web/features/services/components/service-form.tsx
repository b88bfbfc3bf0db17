import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useFocusOnMount } from '../../../components/use-focus-on-mount.ts';
import { useForm } from 'react-hook-form';
import {
  SERVICE_CATEGORIES,
  serviceInputSchema,
  type ServiceInput,
} from '../../../../shared/schemas/services.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import type { ServiceItem } from '../api/list-services.ts';
import { useSaveService } from '../api/save-service.ts';

const fields = ['title', 'description', 'category', 'link', 'contact', 'hours'] as const;
type Values = z.input<typeof serviceInputSchema>;

/** Adds a service or edits one. */
export function ServiceForm({
  service,
  onDone,
  onCancel,
}: {
  service: ServiceItem | null;
  onDone: (title: string) => void;
  onCancel: () => void;
}) {
  const save = useSaveService();
  const [formError, setFormError] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, ServiceInput>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: service
      ? {
          title: service.title,
          description: service.description,
          category: service.category,
          link: service.link,
          contact: service.contact,
          hours: service.hours,
        }
      : { title: '', description: '', category: undefined, link: '', contact: '', hours: '' },
  });
  const e = formState.errors;
  useFocusOnMount(headingRef);

  const onSubmit = handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ id: service?.id ?? null, input });
      onDone(input.title);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, fields));
    }
  });

  return (
    <form
      method="post"
      className="card svc-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="svc-form-title"
    >
      <h2 id="svc-form-title" tabIndex={-1} ref={headingRef}>
        {service ? `Ubah Layanan: ${service.title}` : 'Tambah Layanan'}
      </h2>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <TextField
        label="Nama Layanan"
        error={e.title?.message}
        maxLength={120}
        {...register('title')}
      />
      <SelectField
        label="Kategori"
        options={SERVICE_CATEGORIES}
        placeholder="Pilih kategori"
        error={e.category?.message}
        {...register('category')}
      />
      <TextAreaField
        label="Deskripsi"
        id="svc-description"
        rows={3}
        maxLength={1000}
        error={e.description?.message}
        {...register('description')}
      />
      <TextField
        label="Tautan"
        type="url"
        inputMode="url"
        placeholder="https://…"
        hint="Opsional. Alamat web (https://), mailto:email, tel:nomor, atau WhatsApp (https://wa.me/62…)."
        error={e.link?.message}
        maxLength={500}
        {...register('link')}
      />
      <TextField
        label="Kontak"
        hint="Opsional. Misalnya: Sekretariat BEM, Gedung Kemahasiswaan · 0812-3456-7890 (Rina)."
        error={e.contact?.message}
        maxLength={200}
        {...register('contact')}
      />
      <TextField
        label="Jam Layanan"
        hint="Opsional. Misalnya: Senin–Jumat, 08.00–16.00 WIB."
        error={e.hours?.message}
        maxLength={200}
        {...register('hours')}
      />
      <div className="svc-form-actions">
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Menyimpan...' : 'Simpan Layanan'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Batal
        </button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, type FieldPath } from 'react-hook-form';
import { useShownForm } from '../../../lib/register-shown.ts';
import '../../../styles/about.css';
import { aboutSettingsSchema, type AboutSettingsInput } from '../../../../shared/site.ts';
import { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { SaveStatus, type SaveState } from '../../../components/save-status.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useAbout, useSaveAbout, type About } from '../api/about.ts';

const MAX_MISI = 12;

// The mission items are objects in the form (react-hook-form keys a list by them); each is checked
// by the shared rule of one item, the whole by the shared schema.
const shared = aboutSettingsSchema.shape;
const aboutForm = aboutSettingsSchema
  .extend({ misi: z.array(z.object({ text: shared.misi.element })) })
  .transform((v): AboutSettingsInput => ({ ...v, misi: v.misi.map((m) => m.text) }))
  .pipe(aboutSettingsSchema);
type Values = z.input<typeof aboutForm>;
const toValues = (a: About): Values => ({ ...a, misi: a.misi.map((text) => ({ text })) });

/** The server's message for `misi.3` belongs to the form's `misi.3.text`. */
const formPath = (serverPath: string) =>
  /^misi\.\d+$/.test(serverPath) ? `${serverPath}.text` : serverPath;

function AboutForm({ initial }: { initial: About }) {
  const save = useSaveAbout();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const { register, handleSubmit, formState, setError, reset, control } = useShownForm<
    Values,
    unknown,
    AboutSettingsInput
  >({
    resolver: zodResolver(aboutForm),
    defaultValues: toValues(initial),
  });
  const misi = useFieldArray({ control, name: 'misi' });
  const e = formState.errors;
  const misiError = e.misi?.message ?? e.misi?.root?.message;

  const submit = handleSubmit(
    async (input) => {
      setState({ kind: 'saving' });
      try {
        reset(toValues(await save.mutateAsync(input)));
        setState({ kind: 'done', message: 'Halaman Tentang berhasil disimpan.' });
      } catch (err) {
        if (err instanceof ApiError)
          for (const [path, message] of Object.entries(err.fields))
            setError(formPath(path) as FieldPath<Values>, { type: 'server', message });
        setState({
          kind: 'done',
          message: `Gagal menyimpan: ${err instanceof Error ? err.message : 'coba lagi.'}`,
        });
      }
    },
    () => setState({ kind: 'done', message: 'Gagal menyimpan: periksa isian yang ditandai.' }),
  );

  return (
    <form method="post" className="card about-editor" noValidate onSubmit={submit}>
      <TextAreaField
        label="Visi"
        rows={3}
        maxLength={1000}
        error={e.visi?.message}
        {...register('visi')}
      />
      <fieldset
        className="plain-fieldset about-misi-editor"
        aria-describedby={misiError ? 'about-misi-error' : undefined}
      >
        <legend>Misi</legend>
        {misiError ? (
          <p className="field-error" id="about-misi-error" role="alert">
            {misiError}
          </p>
        ) : null}
        <ol>
          {misi.fields.map((field, i) => (
            <li key={field.id}>
              <TextAreaField
                label={`Misi ${i + 1}`}
                rows={2}
                maxLength={300}
                error={e.misi?.[i]?.text?.message}
                {...register(`misi.${i}.text`)}
              />
              <button
                type="button"
                className="btn btn-outline btn-danger-outline btn-compact"
                aria-label={`Hapus misi ${i + 1}`}
                disabled={misi.fields.length <= 1}
                onClick={() => misi.remove(i)}
              >
                Hapus
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn-outline"
          disabled={misi.fields.length >= MAX_MISI}
          onClick={() => misi.append({ text: '' })}
        >
          Tambah Butir Misi
        </button>
      </fieldset>
      <TextAreaField
        label="Sejarah"
        rows={8}
        maxLength={6000}
        hint="Pisahkan paragraf dengan satu baris kosong."
        error={e.sejarah?.message}
        {...register('sejarah')}
      />
      <fieldset className="plain-fieldset">
        <legend>Kontak</legend>
        <TextAreaField
          label="Alamat sekretariat"
          rows={2}
          maxLength={300}
          error={e.contact?.address?.message}
          {...register('contact.address')}
        />
        <div className="field-row">
          <TextField
            label="Email kontak"
            type="email"
            error={e.contact?.email?.message}
            {...register('contact.email')}
          />
          <TextField
            label="Telepon (opsional)"
            type="tel"
            error={e.contact?.phone?.message}
            {...register('contact.phone')}
          />
          <TextField
            label="WhatsApp (opsional)"
            type="tel"
            hint="Mis. 0812-3456-7890; dibuka sebagai tautan wa.me."
            error={e.contact?.whatsapp?.message}
            {...register('contact.whatsapp')}
          />
          <TextField
            label="Jam layanan (opsional)"
            maxLength={200}
            error={e.contact?.officeHours?.message}
            {...register('contact.officeHours')}
          />
        </div>
      </fieldset>
      <TextField
        label="Tautan peta (opsional)"
        type="url"
        inputMode="url"
        placeholder="https://maps.app.goo.gl/..."
        hint="Alamat https:// ke peta lokasi sekretariat; dibuka di tab baru, tidak disematkan."
        error={e.mapUrl?.message}
        {...register('mapUrl')}
      />
      <div className="page-actions">
        <button type="submit" className="btn btn-primary" disabled={state.kind === 'saving'}>
          Simpan Halaman Tentang
        </button>
      </div>
      <SaveStatus state={state} />
    </form>
  );
}

/** Kelola Tentang: vision, mission, history, contact and the map link. */
export function AboutEditor() {
  const about = useAbout();
  if (about.isPending) return <p role="status">Memuat...</p>;
  if (about.isError) return <Alert kind="error">{about.error.message}</Alert>;
  return <AboutForm initial={about.data} />;
}

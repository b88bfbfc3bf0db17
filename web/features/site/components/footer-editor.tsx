import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useFieldArray, useWatch, type FieldPath } from 'react-hook-form';
import { useShownForm } from '../../../lib/register-shown.ts';
import '../../../styles/about.css';
import {
  footerSettingsSchema,
  type FooterSettings,
  type FooterSettingsInput,
} from '../../../../shared/site.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { SaveStatus, type SaveState } from '../../../components/save-status.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useFooter } from '../api/get-footer.ts';
import { useSaveFooter } from '../api/save-footer.ts';
import { uploadLogo } from '../api/upload-logo.ts';

const MAX_SOCIALS = 8;
const MAX_SUPPORTERS = 12;

type Supporter = FooterSettingsInput['supporters'][number];

function LogoField({
  supporter,
  index,
  error,
  onChange,
  onBusy,
}: {
  supporter: Supporter;
  index: number;
  error?: string | undefined;
  onChange: (logo: string) => void;
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string>();
  const shown = localError ?? error;
  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    onBusy(true);
    setLocalError(undefined);
    try {
      onChange(await uploadLogo(file));
    } catch (err) {
      setLocalError(err instanceof ApiError ? err.message : 'Gagal mengunggah logo.');
    } finally {
      setBusy(false);
      onBusy(false);
      input.value = '';
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>Logo pendukung {index + 1}</label>
      <div className="logo-field-row">
        {supporter.logo ? (
          <img
            src={supporter.logo}
            alt={supporter.name ? `Logo ${supporter.name}` : 'Logo'}
            width={120}
            height={40}
          />
        ) : (
          <span className="field-hint">Belum ada logo.</span>
        )}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={busy}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(e) => void pick(e.currentTarget)}
        />
      </div>
      {busy ? <p className="field-hint">Mengunggah logo...</p> : null}
      {shown ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}

function FooterForm({ initial }: { initial: FooterSettings }) {
  const save = useSaveFooter();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [uploads, setUploads] = useState(0);
  const { register, handleSubmit, formState, setError, reset, setValue, control } = useShownForm<
    FooterSettingsInput,
    unknown,
    FooterSettings
  >({
    resolver: zodResolver(footerSettingsSchema),
    defaultValues: initial,
  });
  const socials = useFieldArray({ control, name: 'socials' });
  const supporters = useFieldArray({ control, name: 'supporters' });
  const supporterValues = useWatch({ control, name: 'supporters' });
  const e = formState.errors;

  const submit = handleSubmit(
    async (input) => {
      setState({ kind: 'saving' });
      try {
        reset(await save.mutateAsync(input));
        setState({ kind: 'done', message: 'Footer berhasil disimpan.' });
      } catch (err) {
        if (err instanceof ApiError)
          for (const [path, message] of Object.entries(err.fields))
            setError(path as FieldPath<FooterSettingsInput>, { type: 'server', message });
        setState({
          kind: 'done',
          message: `Gagal menyimpan: ${err instanceof Error ? err.message : 'coba lagi.'}`,
        });
      }
    },
    () => setState({ kind: 'done', message: 'Gagal menyimpan: periksa isian yang ditandai.' }),
  );

  return (
    <form method="post" className="card footer-editor" noValidate onSubmit={submit}>
      <TextField
        label="Tagline footer"
        maxLength={300}
        error={e.tagline?.message}
        {...register('tagline')}
      />
      <TextField
        label="Alamat"
        maxLength={300}
        error={e.address?.message}
        {...register('address')}
      />
      <TextField label="Email" type="email" error={e.email?.message} {...register('email')} />

      <fieldset className="plain-fieldset">
        <legend>Media sosial</legend>
        {socials.fields.length ? null : <p className="empty-state">Belum ada tautan.</p>}
        <ol className="settings-list">
          {socials.fields.map((field, i) => (
            <li key={field.id} className="settings-item">
              <div className="field-row">
                <TextField
                  label={`Nama tautan ${i + 1}`}
                  maxLength={40}
                  placeholder="Instagram"
                  error={e.socials?.[i]?.label?.message}
                  {...register(`socials.${i}.label`)}
                />
                <TextField
                  label={`Alamat tautan ${i + 1}`}
                  type="url"
                  inputMode="url"
                  placeholder="https://instagram.com/..."
                  error={e.socials?.[i]?.url?.message}
                  {...register(`socials.${i}.url`)}
                />
              </div>
              <button
                type="button"
                className="btn btn-outline btn-danger-outline btn-compact"
                aria-label={`Hapus tautan ${i + 1}`}
                onClick={() => socials.remove(i)}
              >
                Hapus
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn-outline"
          disabled={socials.fields.length >= MAX_SOCIALS}
          onClick={() => socials.append({ label: '', url: '' })}
        >
          Tambah Tautan
        </button>
      </fieldset>

      <fieldset className="plain-fieldset">
        <legend>Logo pendukung</legend>
        {supporters.fields.length ? null : <p className="empty-state">Belum ada logo pendukung.</p>}
        <ol className="settings-list">
          {supporters.fields.map((field, i) => (
            <li key={field.id} className="settings-item">
              <div className="field-row">
                <TextField
                  label={`Nama pendukung ${i + 1}`}
                  maxLength={100}
                  error={e.supporters?.[i]?.name?.message}
                  {...register(`supporters.${i}.name`)}
                />
                <TextField
                  label={`Situs pendukung ${i + 1} (opsional)`}
                  type="url"
                  inputMode="url"
                  placeholder="https://..."
                  error={e.supporters?.[i]?.url?.message}
                  {...register(`supporters.${i}.url`)}
                />
              </div>
              <LogoField
                supporter={supporterValues[i] ?? field}
                index={i}
                error={e.supporters?.[i]?.logo?.message}
                onChange={(logo) => setValue(`supporters.${i}.logo`, logo, { shouldDirty: true })}
                onBusy={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
              />
              <button
                type="button"
                className="btn btn-outline btn-danger-outline btn-compact"
                aria-label={`Hapus pendukung ${i + 1}`}
                onClick={() => supporters.remove(i)}
              >
                Hapus
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn-outline"
          disabled={supporters.fields.length >= MAX_SUPPORTERS}
          onClick={() => supporters.append({ name: '', url: '', logo: '' })}
        >
          Tambah Pendukung
        </button>
      </fieldset>

      <div className="page-actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={state.kind === 'saving' || uploads > 0}
        >
          Simpan Footer
        </button>
      </div>
      <SaveStatus state={state} />
    </form>
  );
}

/** Kelola Tentang, footer part: tagline, address, email, social links and supporter logos. */
export function FooterEditor() {
  const footer = useFooter();
  if (footer.isPending) return <p role="status">Memuat...</p>;
  if (footer.isError) return <Alert kind="error">{footer.error.message}</Alert>;
  return <FooterForm initial={footer.data} />;
}

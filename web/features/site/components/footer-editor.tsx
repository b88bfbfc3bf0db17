import { useId, useState, type FormEvent } from 'react';
import '../../../styles/about.css';
import { footerSettingsSchema, type FooterSettings } from '../../../../shared/site.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { SaveStatus, type SaveState } from '../../../components/save-status.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useFooter } from '../api/get-footer.ts';
import { useSaveFooter } from '../api/save-footer.ts';
import { uploadLogo } from '../api/upload-logo.ts';

const MAX_SOCIALS = 8;
const MAX_SUPPORTERS = 12;

type Supporter = FooterSettings['supporters'][number];

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
  const [value, setValue] = useState<FooterSettings>(initial);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [uploads, setUploads] = useState(0);
  const set = <K extends keyof FooterSettings>(k: K, v: FooterSettings[K]) =>
    setValue((f) => ({ ...f, [k]: v }));
  const setSocial = (i: number, patch: Partial<FooterSettings['socials'][number]>) =>
    set(
      'socials',
      value.socials.map((s, j) => (j === i ? { ...s, ...patch } : s)),
    );
  const setSupporter = (i: number, patch: Partial<Supporter>) =>
    setValue((f) => ({
      ...f,
      supporters: f.supporters.map((s, j) => (j === i ? { ...s, ...patch } : s)),
    }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = footerSettingsSchema.safeParse(value);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setFields(found);
      setState({ kind: 'done', message: 'Gagal menyimpan: periksa isian yang ditandai.' });
      return;
    }
    setFields({});
    setState({ kind: 'saving' });
    try {
      setValue(await save.mutateAsync(value));
      setState({ kind: 'done', message: 'Footer berhasil disimpan.' });
    } catch (err) {
      if (err instanceof ApiError) setFields(err.fields);
      setState({
        kind: 'done',
        message: `Gagal menyimpan: ${err instanceof Error ? err.message : 'coba lagi.'}`,
      });
    }
  };

  return (
    <form className="card footer-editor" noValidate onSubmit={submit}>
      <TextField
        label="Tagline footer"
        value={value.tagline}
        maxLength={300}
        error={fields.tagline}
        onChange={(e) => set('tagline', e.target.value)}
      />
      <TextField
        label="Alamat"
        value={value.address}
        maxLength={300}
        error={fields.address}
        onChange={(e) => set('address', e.target.value)}
      />
      <TextField
        label="Email"
        type="email"
        value={value.email}
        error={fields.email}
        onChange={(e) => set('email', e.target.value)}
      />

      <fieldset className="plain-fieldset">
        <legend>Media sosial</legend>
        {value.socials.length ? null : <p className="empty-state">Belum ada tautan.</p>}
        <ol className="settings-list">
          {value.socials.map((s, i) => (
            <li key={i} className="settings-item">
              <div className="field-row">
                <TextField
                  label={`Nama tautan ${i + 1}`}
                  value={s.label}
                  maxLength={40}
                  placeholder="Instagram"
                  error={fields[`socials.${i}.label`]}
                  onChange={(e) => setSocial(i, { label: e.target.value })}
                />
                <TextField
                  label={`Alamat tautan ${i + 1}`}
                  type="url"
                  inputMode="url"
                  value={s.url}
                  placeholder="https://instagram.com/..."
                  error={fields[`socials.${i}.url`]}
                  onChange={(e) => setSocial(i, { url: e.target.value })}
                />
              </div>
              <button
                type="button"
                className="btn btn-outline btn-danger-outline btn-compact"
                aria-label={`Hapus tautan ${i + 1}`}
                onClick={() =>
                  set(
                    'socials',
                    value.socials.filter((_, j) => j !== i),
                  )
                }
              >
                Hapus
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn-outline"
          disabled={value.socials.length >= MAX_SOCIALS}
          onClick={() => set('socials', [...value.socials, { label: '', url: '' }])}
        >
          Tambah Tautan
        </button>
      </fieldset>

      <fieldset className="plain-fieldset">
        <legend>Logo pendukung</legend>
        {value.supporters.length ? null : <p className="empty-state">Belum ada logo pendukung.</p>}
        <ol className="settings-list">
          {value.supporters.map((s, i) => (
            <li key={i} className="settings-item">
              <div className="field-row">
                <TextField
                  label={`Nama pendukung ${i + 1}`}
                  value={s.name}
                  maxLength={100}
                  error={fields[`supporters.${i}.name`]}
                  onChange={(e) => setSupporter(i, { name: e.target.value })}
                />
                <TextField
                  label={`Situs pendukung ${i + 1} (opsional)`}
                  type="url"
                  inputMode="url"
                  value={s.url}
                  placeholder="https://..."
                  error={fields[`supporters.${i}.url`]}
                  onChange={(e) => setSupporter(i, { url: e.target.value })}
                />
              </div>
              <LogoField
                supporter={s}
                index={i}
                error={fields[`supporters.${i}.logo`]}
                onChange={(logo) => setSupporter(i, { logo })}
                onBusy={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
              />
              <button
                type="button"
                className="btn btn-outline btn-danger-outline btn-compact"
                aria-label={`Hapus pendukung ${i + 1}`}
                onClick={() =>
                  set(
                    'supporters',
                    value.supporters.filter((_, j) => j !== i),
                  )
                }
              >
                Hapus
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn-outline"
          disabled={value.supporters.length >= MAX_SUPPORTERS}
          onClick={() => set('supporters', [...value.supporters, { name: '', url: '', logo: '' }])}
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

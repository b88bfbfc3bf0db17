import { useState, type FormEvent } from 'react';
import '../../../styles/about.css';
import { aboutSettingsSchema, type AboutSettingsInput } from '../../../../shared/site.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { SaveStatus, type SaveState } from '../../../components/save-status.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useAbout, useSaveAbout, type About } from '../api/about.ts';
import { TextAreaField } from '../../../components/form-field.tsx';

const MAX_MISI = 12;

type Contact = About['contact'];

function AboutForm({ initial }: { initial: About }) {
  const save = useSaveAbout();
  const [value, setValue] = useState<About>(initial);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const set = <K extends keyof About>(k: K, v: About[K]) => setValue((a) => ({ ...a, [k]: v }));
  const setContact = <K extends keyof Contact>(k: K, v: Contact[K]) =>
    setValue((a) => ({ ...a, contact: { ...a.contact, [k]: v } }));
  const setMisi = (misi: string[]) => set('misi', misi);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input: AboutSettingsInput = value;
    const parsed = aboutSettingsSchema.safeParse(input);
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
      setValue(await save.mutateAsync(input));
      setState({ kind: 'done', message: 'Halaman Tentang berhasil disimpan.' });
    } catch (err) {
      if (err instanceof ApiError) setFields(err.fields);
      setState({
        kind: 'done',
        message: `Gagal menyimpan: ${err instanceof Error ? err.message : 'coba lagi.'}`,
      });
    }
  };

  return (
    <form className="card about-editor" noValidate onSubmit={submit}>
      <TextAreaField
        label="Visi"
        rows={3}
        maxLength={1000}
        value={value.visi}
        error={fields.visi}
        onChange={(e) => set('visi', e.target.value)}
      />
      <fieldset
        className="plain-fieldset about-misi-editor"
        aria-describedby={fields.misi ? 'about-misi-error' : undefined}
      >
        <legend>Misi</legend>
        {fields.misi ? (
          <p className="field-error" id="about-misi-error" role="alert">
            {fields.misi}
          </p>
        ) : null}
        <ol>
          {value.misi.map((m, i) => (
            <li key={i}>
              <TextAreaField
                label={`Misi ${i + 1}`}
                value={m}
                rows={2}
                maxLength={300}
                error={fields[`misi.${i}`]}
                onChange={(e) => setMisi(value.misi.map((x, j) => (j === i ? e.target.value : x)))}
              />
              <button
                type="button"
                className="btn btn-outline btn-danger-outline btn-compact"
                aria-label={`Hapus misi ${i + 1}`}
                disabled={value.misi.length <= 1}
                onClick={() => setMisi(value.misi.filter((_, j) => j !== i))}
              >
                Hapus
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn-outline"
          disabled={value.misi.length >= MAX_MISI}
          onClick={() => setMisi([...value.misi, ''])}
        >
          Tambah Butir Misi
        </button>
      </fieldset>
      <TextAreaField
        label="Sejarah"
        rows={8}
        maxLength={6000}
        value={value.sejarah}
        hint="Pisahkan paragraf dengan satu baris kosong."
        error={fields.sejarah}
        onChange={(e) => set('sejarah', e.target.value)}
      />
      <fieldset className="plain-fieldset">
        <legend>Kontak</legend>
        <TextAreaField
          label="Alamat sekretariat"
          rows={2}
          maxLength={300}
          value={value.contact.address}
          error={fields['contact.address']}
          onChange={(e) => setContact('address', e.target.value)}
        />
        <div className="field-row">
          <TextField
            label="Email kontak"
            type="email"
            value={value.contact.email}
            error={fields['contact.email']}
            onChange={(e) => setContact('email', e.target.value)}
          />
          <TextField
            label="Telepon (opsional)"
            type="tel"
            value={value.contact.phone}
            error={fields['contact.phone']}
            onChange={(e) => setContact('phone', e.target.value)}
          />
          <TextField
            label="WhatsApp (opsional)"
            type="tel"
            value={value.contact.whatsapp}
            hint="Mis. 0812-3456-7890; dibuka sebagai tautan wa.me."
            error={fields['contact.whatsapp']}
            onChange={(e) => setContact('whatsapp', e.target.value)}
          />
          <TextField
            label="Jam layanan (opsional)"
            value={value.contact.officeHours}
            maxLength={200}
            error={fields['contact.officeHours']}
            onChange={(e) => setContact('officeHours', e.target.value)}
          />
        </div>
      </fieldset>
      <TextField
        label="Tautan peta (opsional)"
        type="url"
        inputMode="url"
        value={value.mapUrl}
        placeholder="https://maps.app.goo.gl/..."
        hint="Alamat https:// ke peta lokasi sekretariat; dibuka di tab baru, tidak disematkan."
        error={fields.mapUrl}
        onChange={(e) => set('mapUrl', e.target.value)}
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

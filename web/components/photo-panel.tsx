import { useId, useRef, useState } from 'react';
import { resizePhoto } from '../lib/resize-photo.ts';

/** The photo panel: the current photo (or the initial), Unggah Foto / Ganti Foto and Hapus Foto. */
export function PhotoPanel({
  foto,
  initial,
  onChange,
  error,
  label,
  saveLabel = 'Simpan Perubahan',
}: {
  foto: string;
  initial: string;
  onChange: (foto: string) => void;
  error?: string | undefined;
  /** The field's label, tied to the file input (a form where the photo is one field of many). */
  label?: string;
  /** The form's save button, named in the hint (the photo is kept only once it is pressed). */
  saveLabel?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string>();
  const errorId = useId();
  const inputId = useId();
  const shown = localError ?? error;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setLocalError(undefined);
    try {
      onChange(await resizePhoto(file));
    } catch (err) {
      setLocalError(err instanceof Error ? err.message : 'Gagal memproses foto.');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section className="photo-panel" aria-label="Foto profil">
      <div className="photo-frame">
        {foto ? (
          <img src={foto} alt="Foto profil" data-testid="profile-photo" />
        ) : (
          <span className="photo-initial" aria-hidden="true">
            {(initial.trim()[0] ?? '?').toUpperCase()}
          </span>
        )}
      </div>
      {label ? (
        <label className="field-label" htmlFor={inputId}>
          {label}
        </label>
      ) : null}
      {/* Reached through the button below (one tab stop); a labelled field is named for tools. */}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden={label ? undefined : true}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <div className="photo-actions">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-describedby={shown ? errorId : undefined}
        >
          {busy ? 'Memproses...' : foto ? 'Ganti Foto' : 'Unggah Foto'}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-danger-outline"
          onClick={() => onChange('')}
          disabled={busy || !foto}
        >
          Hapus Foto
        </button>
      </div>
      <p className="field-hint">
        Gambar apa pun; diperkecil menjadi lebar 300 piksel. Tersimpan setelah {saveLabel} ditekan.
      </p>
      {shown ? (
        <p className="field-error" id={errorId} role="alert">
          {shown}
        </p>
      ) : null}
    </section>
  );
}

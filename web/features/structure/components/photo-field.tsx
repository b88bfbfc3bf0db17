import { useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { uploadPhoto } from '../api/upload-photo.ts';

export type Photo = { hash: string; url: string } | null;

/**
 * A person's photo: choosing a file uploads it at once (the server keeps a re-encoded copy); the
 * small rendition is what the structure shows.
 */
export function PhotoField({
  photo,
  name,
  onChange,
  error,
  onBusy,
}: {
  photo: Photo;
  name: string;
  onChange: (photo: Photo) => void;
  error?: string | undefined;
  onBusy?: (busy: boolean) => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string>();
  const shown = localError ?? error;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    onBusy?.(true);
    setLocalError(undefined);
    try {
      const { small } = await uploadPhoto(file);
      onChange({ hash: small.hash, url: small.url });
    } catch (err) {
      setLocalError(err instanceof ApiError ? err.message : 'Gagal mengunggah foto.');
    } finally {
      setBusy(false);
      onBusy?.(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="field photo-field">
      <label htmlFor={inputId}>Foto</label>
      <div className="photo-field-row">
        {photo ? (
          <img src={photo.url} alt={name ? `Foto ${name}` : 'Foto'} width={64} height={64} />
        ) : (
          <span className="photo-field-empty" aria-hidden="true">
            Belum ada foto
          </span>
        )}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={busy}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${hintId} ${errorId}` : hintId}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        {photo ? (
          <button
            type="button"
            className="btn btn-outline btn-danger-outline btn-compact"
            onClick={() => onChange(null)}
            disabled={busy}
          >
            Hapus Foto
          </button>
        ) : null}
      </div>
      <p className="field-hint" id={hintId}>
        {busy ? 'Mengunggah foto...' : 'JPEG, PNG atau WebP, maksimal 20 MB; sebaiknya persegi.'}
      </p>
      {shown ? (
        <p className="field-error" id={errorId} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}

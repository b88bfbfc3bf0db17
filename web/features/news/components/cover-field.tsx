import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import '../../../styles/news.css';
import { useUploadCover } from '../api/admin.ts';

export type Cover = { cover: string; coverSmall: string; previewUrl: string } | null;

/** The server takes at most this much; a larger file is refused here, before it is sent. */
const MAX_BYTES = 20 * 1024 * 1024;

/**
 * The cover image: choose a file and it is uploaded at once (the server re-encodes it into a
 * large rendition for the page and link previews and a small one for lists).
 */
export function CoverField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: Cover;
  onChange: (cover: Cover) => void;
  error?: string | undefined;
}) {
  const upload = useUploadCover();
  const input = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const uploadError = tooLarge
    ? 'Ukuran berkas maksimal 20 MB.'
    : upload.error instanceof ApiError
      ? (upload.error.fields.file ?? upload.error.message)
      : upload.error
        ? 'Gagal mengunggah gambar.'
        : undefined;
  const shown = uploadError ?? error;
  return (
    <div className="field cover-field">
      <label htmlFor={id}>Gambar Sampul</label>
      {value ? (
        <img className="cover-preview" src={value.previewUrl} alt="Pratinjau gambar sampul" />
      ) : (
        <p className="field-hint">Belum ada gambar sampul.</p>
      )}
      {/* The browser's own file control speaks its language, not the site's: it stays hidden
          (labelled, for tools) and the button below opens it. */}
      <input
        ref={input}
        id={id}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        accept="image/jpeg,image/png,image/webp"
        disabled={upload.isPending}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          setTooLarge(file.size > MAX_BYTES);
          if (file.size > MAX_BYTES) {
            upload.reset();
            e.target.value = '';
            return;
          }
          upload.mutate(file, {
            onSuccess: (stored) =>
              onChange({
                cover: stored.large.hash,
                coverSmall: stored.small.hash,
                previewUrl: stored.small.url,
              }),
            onSettled: () => {
              if (input.current) input.current.value = '';
            },
          });
        }}
      />
      <button
        id={`${id}-choose`}
        type="button"
        aria-invalid={shown ? true : undefined}
        className="btn btn-outline btn-compact cover-choose"
        disabled={upload.isPending}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        onClick={() => input.current?.click()}
      >
        {value ? 'Ganti Gambar Sampul' : 'Pilih Gambar Sampul'}
      </button>
      <p className="field-hint" id={`${id}-hint`}>
        JPEG, PNG atau WebP, maksimal 20 MB; sebaiknya mendatar (misalnya 1200 × 630 piksel).
      </p>
      {upload.isPending ? (
        <p className="field-hint" role="status">
          Mengunggah gambar...
        </p>
      ) : null}
      {value ? (
        <button
          type="button"
          className="btn btn-outline btn-danger-outline btn-compact cover-remove"
          onClick={() => onChange(null)}
        >
          Hapus Gambar Sampul
        </button>
      ) : null}
      {shown ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useFocusOnMount } from '../../../components/use-focus-on-mount.ts';
import { useForm } from 'react-hook-form';
import {
  DOCUMENT_CATEGORIES,
  documentInputSchema,
  type DocumentInput,
} from '../../../../shared/schemas/documents.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import type { DocumentItem } from '../api/list-documents.ts';
import { useSaveDocument } from '../api/save-document.ts';
import { useUploadDocumentFile } from '../api/upload-document-file.ts';
import { formatSize, typeLabel } from '../format.ts';

/** What the server stores (checked by content there): PDF, office documents and images. */
const ACCEPT =
  '.pdf,.doc,.docx,.xlsx,.pptx,.odt,.ods,.odp,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
const MAX_BYTES = 20 * 1024 * 1024;
const fields = ['title', 'description', 'category', 'file', 'fileName'] as const;

type Values = z.input<typeof documentInputSchema>;
type Chosen = { name: string; extension: string; size: number };

/** Adds a document or edits one: details, and the file uploaded as soon as it is chosen. */
export function DocumentForm({
  doc,
  onDone,
  onCancel,
}: {
  doc: DocumentItem | null;
  onDone: (title: string) => void;
  onCancel: () => void;
}) {
  const save = useSaveDocument();
  const [progress, setProgress] = useState(0);
  const upload = useUploadDocumentFile(setProgress);
  const [chosen, setChosen] = useState<Chosen | null>(
    doc ? { name: doc.fileName, extension: doc.extension, size: doc.size } : null,
  );
  const [formError, setFormError] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fileId = useId();
  const { register, handleSubmit, formState, setError, setValue, clearErrors } = useForm<
    Values,
    unknown,
    DocumentInput
  >({
    resolver: zodResolver(documentInputSchema),
    defaultValues: doc
      ? {
          title: doc.title,
          description: doc.description,
          category: doc.category,
          file: doc.file,
          fileName: doc.fileName,
        }
      : { title: '', description: '', category: undefined, file: '', fileName: '' },
  });
  const e = formState.errors;
  useFocusOnMount(headingRef);

  const choose = async (file: File | undefined) => {
    if (!file || upload.isPending) return;
    clearErrors('file');
    if (file.size > MAX_BYTES) {
      setError('file', { message: 'Ukuran berkas maksimal 20 MB.' });
      return;
    }
    setProgress(0);
    try {
      const stored = await upload.mutateAsync(file);
      setValue('file', stored.hash, { shouldValidate: true });
      setValue('fileName', stored.originalName);
      setChosen({ name: stored.originalName, extension: stored.extension, size: stored.size });
    } catch (err) {
      setError('file', {
        message: err instanceof ApiError ? err.message : 'Berkas gagal diunggah.',
      });
    }
  };

  const onSubmit = handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ id: doc?.id ?? null, input });
      onDone(input.title);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, fields));
    }
  });

  const fileErrorId = `${fileId}-error`;
  return (
    <form
      method="post"
      className="card doc-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="doc-form-title"
    >
      <h2 id="doc-form-title" tabIndex={-1} ref={headingRef}>
        {doc ? `Ubah Dokumen: ${doc.title}` : 'Unggah Dokumen'}
      </h2>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <TextField label="Judul" error={e.title?.message} maxLength={150} {...register('title')} />
      <SelectField
        label="Kategori"
        options={DOCUMENT_CATEGORIES}
        placeholder="Pilih kategori"
        error={e.category?.message}
        {...register('category')}
      />
      <TextAreaField
        label="Deskripsi"
        id="doc-description"
        rows={3}
        maxLength={1000}
        hint="Opsional: isi singkat dokumen, maksimal 1000 karakter."
        error={e.description?.message}
        {...register('description')}
      />
      <div className="field">
        <label htmlFor={fileId}>{doc ? 'Ganti berkas (opsional)' : 'Berkas'}</label>
        <input
          id={fileId}
          type="file"
          accept={ACCEPT}
          aria-busy={upload.isPending}
          aria-invalid={e.file ? true : undefined}
          aria-describedby={`${fileId}-hint${e.file ? ` ${fileErrorId}` : ''}`}
          onChange={(ev) => {
            const input = ev.target;
            void choose(input.files?.[0]).finally(() => {
              // Choosing the same file again (after a refusal) uploads it again.
              input.value = '';
            });
          }}
        />
        <p className="field-hint" id={`${fileId}-hint`}>
          PDF, Word, Excel, PowerPoint, OpenDocument atau gambar (JPG, PNG, WebP); maksimal 20 MB.
        </p>
        {upload.isPending ? (
          <p className="doc-upload" role="status">
            Mengunggah... {Math.round(progress * 100)}%
            <progress value={progress} max={1} aria-label="Kemajuan unggahan" />
          </p>
        ) : chosen ? (
          <p className="doc-chosen">
            Berkas: <strong>{chosen.name}</strong> ({typeLabel(chosen.extension)},{' '}
            {formatSize(chosen.size)})
          </p>
        ) : null}
        {e.file ? (
          <p className="field-error" id={fileErrorId} role="alert">
            {e.file.message}
          </p>
        ) : null}
      </div>
      <TextField
        label="Nama berkas saat diunduh"
        hint="Diisi otomatis dari berkas yang diunggah; ekstensi mengikuti isi berkas. Kosongkan untuk memakai judul."
        error={e.fileName?.message}
        maxLength={200}
        {...register('fileName')}
      />
      <div className="doc-form-actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={formState.isSubmitting || upload.isPending}
        >
          {formState.isSubmitting ? 'Mengunggah...' : doc ? 'Simpan Dokumen' : 'Unggah'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Batal
        </button>
      </div>
    </form>
  );
}

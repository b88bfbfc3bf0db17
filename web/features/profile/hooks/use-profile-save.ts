import { useState } from 'react';
import type { FieldValues, Path, UseFormReset, UseFormSetError } from 'react-hook-form';
import type { SaveState } from '../../../components/save-status.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';

/**
 * The spec's save sequence for a profile editor: "Menyimpan...", then "Profil berhasil
 * diperbarui!" or "Gagal memperbarui profil." (with the server's field messages placed, or its
 * reason after it when the refusal concerns no field). What was
 * saved becomes the form's clean state, so later live changes reach those fields too.
 */
export function useProfileSave<T extends FieldValues, R>(opts: {
  save: (values: T) => Promise<R>;
  toValues: (saved: R) => T;
  reset: UseFormReset<T>;
  setError: UseFormSetError<T>;
  fields: readonly Path<T>[];
}) {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const submit = async (values: T) => {
    setState({ kind: 'saving' });
    try {
      opts.reset(opts.toValues(await opts.save(values)));
      setState({ kind: 'done', message: 'Profil berhasil diperbarui!' });
    } catch (err) {
      const reason = applyServerErrors(err, opts.setError, opts.fields);
      // A refusal that concerns no field says why (the server's words); a failure says only that.
      const refusal = err instanceof ApiError && err.status < 500 ? reason : undefined;
      setState({
        kind: 'done',
        message: refusal ? `Gagal memperbarui profil. ${refusal}` : 'Gagal memperbarui profil.',
      });
    }
  };
  return { state, submit, clear: () => setState({ kind: 'idle' }) };
}

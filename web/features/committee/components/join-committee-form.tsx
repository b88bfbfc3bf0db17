import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useJoinCommittee } from '../api/join.ts';

/** For someone already signed in: join a committee with a code. */
export function JoinCommitteeForm() {
  const navigate = useNavigate();
  const join = useJoinCommittee();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setError(undefined);
        try {
          const out = await join.mutateAsync(code.trim().toUpperCase());
          await navigate(paths.panitia(out.electionId));
        } catch (err) {
          setError(
            err instanceof ApiError
              ? (err.fields.kodeUndangan ?? err.message)
              : 'Terjadi kesalahan. Silakan coba lagi.',
          );
        }
      }}
    >
      <TextField
        label="Kode Undangan"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
        autoComplete="off"
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={join.isPending}>
        {join.isPending ? 'Memproses...' : 'Gabung sebagai Panitia'}
      </button>
      {join.isError && !error ? <Alert kind="error">Terjadi kesalahan.</Alert> : null}
    </form>
  );
}

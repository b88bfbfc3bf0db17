import { useState, type FormEvent } from 'react';
import { divisionInputSchema } from '../../../../shared/schemas/structure.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { useCreateDivision, useUpdateDivision } from '../api/structure-mutations.ts';
import type { OrgDivision } from '../api/structure-queries.ts';
import { issuesToFields, serverErrors } from './form-errors.ts';

/** Adds a division to a period, or edits one (name and a short description). */
export function DivisionForm({
  periodId,
  division,
  onDone,
}: {
  periodId: string;
  division?: OrgDivision;
  onDone: () => void;
}) {
  const create = useCreateDivision();
  const update = useUpdateDivision();
  const [name, setName] = useState(division?.name ?? '');
  const [description, setDescription] = useState(division?.description ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const busy = create.isPending || update.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(undefined);
    const input = { name, description };
    const parsed = divisionInputSchema.safeParse(input);
    if (!parsed.success) {
      setFields(issuesToFields(parsed.error));
      return;
    }
    setFields({});
    try {
      if (division) await update.mutateAsync({ id: division.id, input });
      else await create.mutateAsync({ periodId, input });
      setName('');
      setDescription('');
      onDone();
    } catch (err) {
      const shown = serverErrors(err, 'Gagal menyimpan divisi.');
      setFields(shown.fields);
      setMessage(shown.message);
    }
  };

  return (
    <form className="admin-inline-form" noValidate onSubmit={submit}>
      <p className="admin-form-title">
        {division ? `Ubah divisi ${division.name}` : 'Divisi baru'}
      </p>
      {message ? <Alert kind="error">{message}</Alert> : null}
      <TextField
        label="Nama divisi"
        value={name}
        maxLength={120}
        autoComplete="off"
        error={fields.name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="Deskripsi divisi (opsional)"
        value={description}
        maxLength={500}
        autoComplete="off"
        error={fields.description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <div className="page-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Menyimpan...' : division ? 'Simpan Divisi' : 'Tambah Divisi'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone} disabled={busy}>
          Batal
        </button>
      </div>
    </form>
  );
}

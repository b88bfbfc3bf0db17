import { useState, type FormEvent } from 'react';
import { periodInputSchema } from '../../../../shared/schemas/structure.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { useCreatePeriod, useUpdatePeriod } from '../api/structure-mutations.ts';
import type { PeriodSummary } from '../api/structure-queries.ts';
import { issuesToFields, serverErrors } from './form-errors.ts';

/** Adds a period or edits one: label (e.g. 2025/2026), cabinet name and tagline. */
export function PeriodForm({
  period,
  onSaved,
  onCancel,
}: {
  period?: PeriodSummary;
  onSaved: (id: string) => void;
  onCancel?: () => void;
}) {
  const create = useCreatePeriod();
  const update = useUpdatePeriod();
  const [label, setLabel] = useState(period?.label ?? '');
  const [cabinetName, setCabinetName] = useState(period?.cabinetName ?? '');
  const [tagline, setTagline] = useState(period?.tagline ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const busy = create.isPending || update.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(undefined);
    const input = { label, cabinetName, tagline };
    const parsed = periodInputSchema.safeParse(input);
    if (!parsed.success) {
      setFields(issuesToFields(parsed.error));
      return;
    }
    setFields({});
    try {
      if (period) {
        await update.mutateAsync({ id: period.id, input });
        setMessage({ kind: 'success', text: 'Periode berhasil disimpan.' });
        onSaved(period.id);
      } else {
        const created = await create.mutateAsync(input);
        setLabel('');
        setCabinetName('');
        setTagline('');
        onSaved(created.id);
      }
    } catch (err) {
      const shown = serverErrors(err, 'Gagal menyimpan periode.');
      setFields(shown.fields);
      setMessage({ kind: 'error', text: shown.message });
    }
  };

  return (
    <form className="admin-inline-form" noValidate onSubmit={submit}>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <div className="field-row">
        <TextField
          label="Periode"
          value={label}
          maxLength={40}
          hint="Mis. 2025/2026."
          autoComplete="off"
          error={fields.label}
          onChange={(e) => setLabel(e.target.value)}
        />
        <TextField
          label="Nama kabinet"
          value={cabinetName}
          maxLength={120}
          autoComplete="off"
          error={fields.cabinetName}
          onChange={(e) => setCabinetName(e.target.value)}
        />
      </div>
      <TextField
        label="Tagline kabinet (opsional)"
        value={tagline}
        maxLength={300}
        autoComplete="off"
        error={fields.tagline}
        onChange={(e) => setTagline(e.target.value)}
      />
      <div className="page-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Menyimpan...' : period ? 'Simpan Periode' : 'Tambah Periode'}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
            Batal
          </button>
        ) : null}
      </div>
    </form>
  );
}

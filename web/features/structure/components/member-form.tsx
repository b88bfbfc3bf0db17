import { useId, useState, type FormEvent } from 'react';
import { memberInputSchema } from '../../../../shared/schemas/structure.ts';
import { Alert } from '../../../components/alert.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { useCreateMember, useUpdateMember } from '../api/structure-mutations.ts';
import type { OrgDivision, OrgPerson } from '../api/structure-queries.ts';
import { issuesToFields, serverErrors } from './form-errors.ts';
import { PhotoField, type Photo } from './photo-field.tsx';

const LEADERS = '';

/**
 * Adds a person to a period or edits one: name, position, where they sit (the leaders, or a
 * division) and their photo.
 */
export function MemberForm({
  periodId,
  divisions,
  member,
  divisionId,
  onDone,
}: {
  periodId: string;
  divisions: OrgDivision[];
  /** The person to edit; absent: a new one. */
  member?: OrgPerson;
  /** Where a new person goes (null: the leaders). */
  divisionId: string | null;
  onDone: () => void;
}) {
  const create = useCreateMember();
  const update = useUpdateMember();
  const [name, setName] = useState(member?.name ?? '');
  const [position, setPosition] = useState(member?.position ?? '');
  const [group, setGroup] = useState(
    member ? (member.divisionId ?? LEADERS) : (divisionId ?? LEADERS),
  );
  const [photo, setPhoto] = useState<Photo>(
    member?.photo && member.photoUrl ? { hash: member.photo, url: member.photoUrl } : null,
  );
  const [uploading, setUploading] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const groupId = useId();
  const busy = create.isPending || update.isPending || uploading;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(undefined);
    const input = {
      name,
      position,
      divisionId: group === LEADERS ? null : group,
      photo: photo?.hash ?? null,
    };
    const parsed = memberInputSchema.safeParse(input);
    if (!parsed.success) {
      setFields(issuesToFields(parsed.error));
      return;
    }
    setFields({});
    try {
      if (member) await update.mutateAsync({ id: member.id, input });
      else await create.mutateAsync({ periodId, input });
      onDone();
    } catch (err) {
      const shown = serverErrors(err, 'Gagal menyimpan pengurus.');
      setFields(shown.fields);
      setMessage(shown.message);
    }
  };

  return (
    <form className="admin-inline-form" noValidate onSubmit={submit}>
      <p className="admin-form-title">{member ? `Ubah ${member.name}` : 'Pengurus baru'}</p>
      {message ? <Alert kind="error">{message}</Alert> : null}
      <div className="field-row">
        <TextField
          label="Nama"
          value={name}
          maxLength={100}
          autoComplete="off"
          error={fields.name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Jabatan"
          value={position}
          maxLength={80}
          autoComplete="off"
          hint="Mis. Ketua, Wakil Ketua, Kepala Divisi, Staf."
          error={fields.position}
          onChange={(e) => setPosition(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={groupId}>Kedudukan</label>
        <select
          id={groupId}
          value={group}
          aria-invalid={fields.divisionId ? true : undefined}
          aria-describedby={fields.divisionId ? `${groupId}-error` : undefined}
          onChange={(e) => setGroup(e.target.value)}
        >
          <option value={LEADERS}>Pimpinan (tanpa divisi)</option>
          {divisions.map((d) => (
            <option key={d.id} value={d.id}>
              Divisi {d.name}
            </option>
          ))}
        </select>
        {fields.divisionId ? (
          <p className="field-error" id={`${groupId}-error`} role="alert">
            {fields.divisionId}
          </p>
        ) : null}
      </div>
      <PhotoField
        photo={photo}
        name={name}
        onChange={setPhoto}
        onBusy={setUploading}
        error={fields.photo}
      />
      <div className="page-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {create.isPending || update.isPending
            ? 'Menyimpan...'
            : member
              ? 'Simpan Pengurus'
              : 'Tambah Pengurus'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone} disabled={busy}>
          Batal
        </button>
      </div>
    </form>
  );
}

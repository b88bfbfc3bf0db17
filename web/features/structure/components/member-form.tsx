import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { memberInputSchema, type MemberInput } from '../../../../shared/schemas/structure.ts';
import { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { SelectField, TextField } from '../../../components/form-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useCreateMember, useUpdateMember } from '../api/structure-mutations.ts';
import type { OrgDivision, OrgPerson } from '../api/structure-queries.ts';
import { PhotoField, type Photo } from './photo-field.tsx';

/** The "Kedudukan" option of the leaders (no division). */
const LEADERS = '';

/** The server's rule, with the select's value for the leaders read as "no division". */
const memberFormSchema = memberInputSchema.extend({
  divisionId: z
    .string()
    .transform((v): string | null => (v === LEADERS ? null : v))
    .pipe(memberInputSchema.shape.divisionId.unwrap()),
});
type Values = z.input<typeof memberFormSchema>;
const fields = ['name', 'position', 'divisionId', 'photo'] as const;

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
  const [photo, setPhoto] = useState<Photo>(
    member?.photo && member.photoUrl ? { hash: member.photo, url: member.photoUrl } : null,
  );
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<string>();
  const { register, handleSubmit, formState, setError, setValue, control } = useForm<
    Values,
    unknown,
    MemberInput
  >({
    resolver: zodResolver(memberFormSchema),
    defaultValues: {
      name: member?.name ?? '',
      position: member?.position ?? '',
      divisionId: (member ? member.divisionId : divisionId) ?? LEADERS,
      photo: member?.photo ?? null,
    },
  });
  const name = useWatch({ control, name: 'name' });
  const e = formState.errors;
  const saving = formState.isSubmitting;
  const busy = saving || uploading;

  const onSubmit = handleSubmit(async (input) => {
    setMessage(undefined);
    try {
      if (member) await update.mutateAsync({ id: member.id, input });
      else await create.mutateAsync({ periodId, input });
      onDone();
    } catch (err) {
      setMessage(applyServerErrors(err, setError, fields, 'Gagal menyimpan pengurus.'));
    }
  });

  return (
    <form method="post" className="admin-inline-form" noValidate onSubmit={onSubmit}>
      <p className="admin-form-title">{member ? `Ubah ${member.name}` : 'Pengurus baru'}</p>
      {message ? <Alert kind="error">{message}</Alert> : null}
      <div className="field-row">
        <TextField
          label="Nama"
          maxLength={100}
          autoComplete="off"
          error={e.name?.message}
          {...register('name')}
        />
        <TextField
          label="Jabatan"
          maxLength={80}
          autoComplete="off"
          hint="Mis. Ketua, Wakil Ketua, Kepala Divisi, Staf."
          error={e.position?.message}
          {...register('position')}
        />
      </div>
      <SelectField
        label="Kedudukan"
        options={[
          { value: LEADERS, label: 'Pimpinan (tanpa divisi)' },
          ...divisions.map((d) => ({ value: d.id, label: `Divisi ${d.name}` })),
        ]}
        error={e.divisionId?.message}
        {...register('divisionId')}
      />
      <PhotoField
        photo={photo}
        name={name}
        onChange={(p) => {
          setPhoto(p);
          setValue('photo', p?.hash ?? null);
        }}
        onBusy={setUploading}
        error={e.photo?.message}
      />
      <div className="page-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {saving ? 'Menyimpan...' : member ? 'Simpan Pengurus' : 'Tambah Pengurus'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone} disabled={busy}>
          Batal
        </button>
      </div>
    </form>
  );
}

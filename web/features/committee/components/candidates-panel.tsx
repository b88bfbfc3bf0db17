import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { candidateSchema, type CandidateInput } from '../../../../shared/schemas/election-setup.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { PhotoPanel } from '../../../components/photo-panel.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useRemoveCandidate, useSaveCandidate, type Overview } from '../api/committee.ts';

type Candidate = Overview['candidates'][number];

const candidateFields = [
  'nomorUrut',
  'namaKetua',
  'namaWakil',
  'visi',
  'misi',
  'foto',
] as const satisfies readonly (keyof CandidateInput)[];

function CandidateForm({
  electionId,
  candidate,
  nextNumber,
  onDone,
}: {
  electionId: string;
  candidate?: Candidate;
  nextNumber: number;
  onDone: () => void;
}) {
  const save = useSaveCandidate(electionId);
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState, setError, setValue, control } = useForm<
    CandidateInput,
    unknown,
    CandidateInput
  >({
    resolver: zodResolver(candidateSchema),
    defaultValues: {
      nomorUrut: candidate?.nomorUrut ?? nextNumber,
      namaKetua: candidate?.namaKetua ?? '',
      namaWakil: candidate?.namaWakil ?? '',
      visi: candidate?.visi ?? '',
      misi: candidate?.misi ?? '',
      foto: candidate?.foto ?? '',
    },
  });
  const [foto, namaKetua] = useWatch({ control, name: ['foto', 'namaKetua'] });
  const errors = formState.errors;
  // The button that opened the form is gone: the focus moves to the form's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ candidateId: candidate?.id, body });
      onDone();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, candidateFields, 'Gagal menyimpan kandidat.'));
    }
  });

  return (
    <form method="post" className="card candidate-form" noValidate onSubmit={onSubmit}>
      <h3 ref={heading} tabIndex={-1} className="focus-target">
        {candidate ? 'Ubah Kandidat' : 'Tambah Kandidat'}
      </h3>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <div className="candidate-form-grid">
        <div>
          <TextField
            label="Nomor Urut"
            type="number"
            min={1}
            max={99}
            error={errors.nomorUrut?.message}
            {...register('nomorUrut', { valueAsNumber: true })}
          />
          <TextField
            label="Nama Ketua"
            error={errors.namaKetua?.message}
            {...register('namaKetua')}
          />
          <TextField
            label="Nama Wakil"
            hint="Kosongkan bila calon tunggal (tanpa wakil)."
            error={errors.namaWakil?.message}
            {...register('namaWakil')}
          />
          <TextAreaField
            label="Visi"
            id="c-visi"
            rows={3}
            error={errors.visi?.message}
            {...register('visi')}
          />
          <TextAreaField
            label="Misi"
            id="c-misi"
            rows={5}
            error={errors.misi?.message}
            {...register('misi')}
          />
        </div>
        <div>
          <PhotoPanel
            label="Foto"
            saveLabel="Simpan"
            foto={foto}
            initial={namaKetua}
            onChange={(next) => setValue('foto', next, { shouldDirty: true })}
            error={errors.foto?.message}
          />
        </div>
      </div>
      <div className="profile-actions">
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Menyimpan...' : 'Simpan'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone}>
          Batal
        </button>
      </div>
    </form>
  );
}

/** Kandidat: the candidates in ballot order; added, changed and removed only before locking. */
export function CandidatesPanel({ overview }: { overview: Overview }) {
  const [editing, setEditing] = useState<Candidate | 'new' | null>(null);
  const [removing, setRemoving] = useState<Candidate | null>(null);
  const remove = useRemoveCandidate(overview.election.id);
  const editable = overview.abilities.editSetup;
  const next = Math.max(0, ...overview.candidates.map((c) => c.nomorUrut)) + 1;
  return (
    <section aria-labelledby="kandidat-title">
      <div className="panel-head">
        <h2 id="kandidat-title">Kandidat ({overview.candidates.length})</h2>
        {editable && editing === null ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            Tambah Kandidat
          </button>
        ) : null}
      </div>
      {!editable ? (
        <p className="field-hint">Kandidat tidak dapat diubah setelah pemilihan dikunci.</p>
      ) : null}
      {editing ? (
        <CandidateForm
          electionId={overview.election.id}
          candidate={editing === 'new' ? undefined : editing}
          nextNumber={next}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {overview.candidates.length === 0 ? <p className="empty-state">Belum ada kandidat.</p> : null}
      <ul className="candidate-cards">
        {overview.candidates.map((c) => (
          <li key={c.id} className="card">
            <div className="candidate-card">
              <span className="ballot-number">{c.nomorUrut}</span>
              {c.foto ? (
                <img src={c.foto} alt={`Foto ${c.namaKetua}`} width={96} height={96} />
              ) : null}
              <div>
                <strong>
                  {c.namaKetua}
                  {c.namaWakil ? ` & ${c.namaWakil}` : ''}
                </strong>
                {c.visi ? <p className="prewrap">{c.visi}</p> : null}
              </div>
            </div>
            {editable ? (
              <div className="profile-actions">
                <button type="button" className="btn btn-outline" onClick={() => setEditing(c)}>
                  Ubah
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-danger-outline"
                  onClick={() => setRemoving(c)}
                >
                  Hapus
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title="Hapus kandidat?"
        confirmLabel="Ya, Hapus"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })
        }
      >
        <p>
          Kandidat nomor {removing?.nomorUrut} ({removing?.namaKetua}) akan dihapus dari surat
          suara.
        </p>
      </ConfirmDialog>
    </section>
  );
}

import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { PhotoPanel } from '../../../components/photo-panel.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useRemoveCandidate, useSaveCandidate, type Overview } from '../api/committee.ts';

type Candidate = Overview['candidates'][number];

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
  const [v, setV] = useState({
    nomorUrut: String(candidate?.nomorUrut ?? nextNumber),
    namaKetua: candidate?.namaKetua ?? '',
    namaWakil: candidate?.namaWakil ?? '',
    visi: candidate?.visi ?? '',
    misi: candidate?.misi ?? '',
    foto: candidate?.foto ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  return (
    <form
      className="card candidate-form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setErrors({});
        setFormError(undefined);
        try {
          await save.mutateAsync({
            candidateId: candidate?.id,
            body: { ...v, nomorUrut: Number(v.nomorUrut) },
          });
          onDone();
        } catch (err) {
          if (err instanceof ApiError) setErrors(err.fields);
          setFormError(err instanceof ApiError ? err.message : 'Gagal menyimpan kandidat.');
        }
      }}
    >
      <h3>{candidate ? 'Ubah Kandidat' : 'Tambah Kandidat'}</h3>
      {formError ? <Alert kind="error">{formError}</Alert> : null}
      <div className="candidate-form-grid">
        <div>
          <TextField
            label="Nomor Urut"
            type="number"
            min={1}
            max={99}
            value={v.nomorUrut}
            error={errors.nomorUrut}
            onChange={(x) => setV({ ...v, nomorUrut: x.target.value })}
          />
          <TextField
            label="Nama Ketua"
            value={v.namaKetua}
            error={errors.namaKetua}
            onChange={(x) => setV({ ...v, namaKetua: x.target.value })}
          />
          <TextField
            label="Nama Wakil"
            hint="Kosongkan bila calon tunggal (tanpa wakil)."
            value={v.namaWakil}
            error={errors.namaWakil}
            onChange={(x) => setV({ ...v, namaWakil: x.target.value })}
          />
          <div className="field">
            <label htmlFor="c-visi">Visi</label>
            <textarea
              id="c-visi"
              rows={3}
              value={v.visi}
              aria-invalid={errors.visi ? true : undefined}
              aria-describedby={errors.visi ? 'c-visi-error' : undefined}
              onChange={(x) => setV({ ...v, visi: x.target.value })}
            />
            {errors.visi ? (
              <p className="field-error" id="c-visi-error" role="alert">
                {errors.visi}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="c-misi">Misi</label>
            <textarea
              id="c-misi"
              rows={5}
              value={v.misi}
              aria-invalid={errors.misi ? true : undefined}
              aria-describedby={errors.misi ? 'c-misi-error' : undefined}
              onChange={(x) => setV({ ...v, misi: x.target.value })}
            />
            {errors.misi ? (
              <p className="field-error" id="c-misi-error" role="alert">
                {errors.misi}
              </p>
            ) : null}
          </div>
        </div>
        <div>
          <p className="field-label" id="c-foto">
            Foto
          </p>
          <PhotoPanel
            foto={v.foto}
            initial={v.namaKetua}
            onChange={(foto) => setV({ ...v, foto })}
            error={errors.foto}
          />
        </div>
      </div>
      <div className="profile-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Menyimpan...' : 'Simpan'}
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

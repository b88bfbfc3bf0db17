import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { inviteWitnessSchema } from '../../../../shared/schemas/elections.ts';
import type { z } from '../../../../shared/validation.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatWib } from '../../../../shared/wib.ts';
import type { Overview } from '../api/committee.ts';
import {
  useInviteWitness,
  useRemoveWitness,
  useRevokeWitnessInvitation,
  useWitnesses,
  type WitnessSlot,
} from '../api/witnesses.ts';

type Pair = { nomorUrut: number; namaKetua: string; namaWakil: string };

/** "Pasangan nomor 1: Ketua & Wakil" (or "Calon nomor 1: Ketua" without a running mate). */
const pairName = (c: Pair) =>
  c.namaWakil
    ? `Pasangan nomor ${c.nomorUrut}: ${c.namaKetua} & ${c.namaWakil}`
    : `Calon nomor ${c.nomorUrut}: ${c.namaKetua}`;

/** The form asks for the address only; the pair is the one it stands under. */
const emailSchema = inviteWitnessSchema.pick({ email: true });

/** Undang Saksi: one address for one pair; emptied once the invitation is sent. */
function InviteForm({
  electionId,
  slot,
  onInvited,
}: {
  electionId: string;
  slot: WitnessSlot;
  onInvited: (message: string) => void;
}) {
  const invite = useInviteWitness(electionId);
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState, setError, reset } = useForm<
    z.input<typeof emailSchema>,
    unknown,
    z.output<typeof emailSchema>
  >({ resolver: zodResolver(emailSchema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(undefined);
    try {
      const out = await invite.mutateAsync({ candidateId: slot.candidateId, email });
      reset();
      onInvited(
        `Undangan saksi nomor urut ${slot.nomorUrut} dengan kode ${out.code} sedang dikirim ke ${out.email}.`,
      );
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['email'], 'Gagal mengundang saksi.'));
    }
  });
  return (
    <form method="post" className="inline-form" noValidate onSubmit={onSubmit}>
      <TextField
        label={`Email saksi nomor urut ${slot.nomorUrut}`}
        type="email"
        autoComplete="off"
        error={formState.errors.email?.message ?? formError}
        {...register('email')}
      />
      <button
        type="submit"
        className="btn btn-outline"
        aria-label={`Undang saksi nomor urut ${slot.nomorUrut}`}
        disabled={formState.isSubmitting}
      >
        {formState.isSubmitting ? 'Mengirim...' : 'Undang Saksi'}
      </button>
    </form>
  );
}

/**
 * Hapus saksi: with a reason for the audit log. The witness is told by mail; a key ceremony they
 * hold a place in must restart before the election can be locked.
 */
function RemoveWitness({
  electionId,
  slot,
  onRemoved,
}: {
  electionId: string;
  slot: WitnessSlot;
  onRemoved: (message: string) => void;
}) {
  const remove = useRemoveWitness(electionId);
  const [open, setOpen] = useState(false);
  const [alasan, setAlasan] = useState('');
  const name = slot.witness?.namaLengkap ?? '';
  const close = () => {
    setOpen(false);
    setAlasan('');
    remove.reset();
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-danger-outline btn-compact"
        aria-label={`Hapus saksi nomor urut ${slot.nomorUrut}`}
        onClick={() => setOpen(true)}
      >
        Hapus
      </button>
      <ConfirmDialog
        open={open}
        title="Hapus saksi?"
        confirmLabel="Ya, Hapus Saksi"
        danger
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          remove.mutate(
            { candidateId: slot.candidateId, alasan },
            {
              onSuccess: () => {
                close();
                onRemoved(
                  `${name} tidak lagi menjadi saksi nomor urut ${slot.nomorUrut}. Anda dapat mengundang saksi lain; bila upacara kunci sudah dimulai, mulai ulang upacara di tab Wali Kunci.`,
                );
              },
            },
          )
        }
      >
        <p>
          {name} tidak lagi dapat melihat ringkasan pemilihan ini dan diberi tahu lewat email. Bila
          upacara kunci sudah dimulai, upacara harus dimulai ulang sebelum pemilihan dapat dikunci.
          Alasannya dicatat di Histori Aktivitas.
        </p>
        <TextAreaField
          label="Alasan menghapus saksi"
          value={alasan}
          onChange={(e) => setAlasan(e.target.value)}
          error={remove.error?.message}
          rows={3}
          maxLength={500}
        />
      </ConfirmDialog>
    </>
  );
}

/** What the committee (and the master, who only looks) sees of each pair's witness. */
function CommitteeView({ overview }: { overview: Overview }) {
  const { election } = overview;
  const witnesses = useWitnesses(election.id, true);
  const revoke = useRevokeWitnessInvitation(election.id);
  const [pending, setPending] = useState<WitnessSlot | null>(null);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  if (witnesses.isPending) return <p role="status">Memuat saksi...</p>;
  if (witnesses.isError) return <Alert kind="error">{witnesses.error.message}</Alert>;
  const confirm = async () => {
    if (!pending?.invitation) return;
    setError(undefined);
    setDone(undefined);
    try {
      await revoke.mutateAsync(pending.invitation.code);
      setDone(`Undangan saksi nomor urut ${pending.nomorUrut} sudah dicabut.`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Gagal mencabut undangan.');
    } finally {
      setPending(null);
    }
  };
  const { items } = witnesses.data;
  return (
    <>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {done ? (
        <Alert key={done} kind="success">
          {done}
        </Alert>
      ) : null}
      {items.length ? (
        <ul className="oversight-list">
          {items.map((s) => (
            <li key={s.candidateId}>
              <div className="witness-slot">
                <strong>{pairName(s)}</strong>
                <br />
                {s.witness ? (
                  <span>
                    Saksi: {s.witness.namaLengkap}{' '}
                    <span className="field-hint">
                      ({s.witness.email}), bergabung {formatWib(s.witness.joinedAt)}
                    </span>
                  </span>
                ) : s.invitation ? (
                  <span>
                    Undangan dikirim ke {s.invitation.email}{' '}
                    <span className="field-hint">
                      (kode <code className="code">{s.invitation.code}</code>, berlaku sampai{' '}
                      {formatWib(s.invitation.expiresAt)})
                    </span>
                  </span>
                ) : (
                  <span className="field-hint">Belum ada saksi.</span>
                )}
                {s.abilities.invite ? (
                  <InviteForm electionId={election.id} slot={s} onInvited={setDone} />
                ) : null}
              </div>
              {s.abilities.remove && s.witness ? (
                <RemoveWitness electionId={election.id} slot={s} onRemoved={setDone} />
              ) : null}
              {s.abilities.revoke && s.invitation ? (
                <button
                  type="button"
                  className="btn btn-outline btn-danger-outline btn-compact"
                  aria-label={`Cabut undangan saksi nomor urut ${s.nomorUrut}`}
                  onClick={() => setPending(s)}
                >
                  Cabut
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">Belum ada kandidat. Tambahkan kandidat di tab Kandidat.</p>
      )}
      {election.status !== 'draft' ? (
        <p className="field-hint">Saksi hanya dapat diundang sebelum pemilihan dikunci.</p>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title="Cabut undangan saksi?"
        confirmLabel="Ya, Cabut"
        danger
        busy={revoke.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        <p>
          {pending?.invitation
            ? `Kode ${pending.invitation.code} untuk ${pending.invitation.email} tidak dapat dipakai lagi. Setelah itu Anda dapat mengundang orang lain sebagai saksi ${pairName(pending)}.`
            : ''}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** What a witness sees: each pair's witness, by name only, with nothing to change. */
function WitnessView({ overview }: { overview: Overview }) {
  return overview.candidates.length ? (
    <ul className="oversight-list">
      {overview.candidates.map((c) => {
        const w = overview.witnesses.find((x) => x.candidateId === c.id);
        return (
          <li key={c.id}>
            <span>
              <strong>{pairName(c)}</strong>
              <br />
              {w ? (
                <span>
                  Saksi: {w.namaLengkap}{' '}
                  <span className="field-hint">(bergabung {formatWib(w.joinedAt)})</span>
                </span>
              ) : (
                <span className="field-hint">Belum ada saksi.</span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  ) : (
    <p className="empty-state">Belum ada kandidat.</p>
  );
}

/**
 * Saksi: one witness per candidate pair. The committee invites each by email, revokes an
 * invitation not yet used and removes a witness before lock; a witness (and the master) only look.
 */
export function WitnessesSection({ overview }: { overview: Overview }) {
  return (
    <section className="card" aria-labelledby="saksi-list">
      <h2 id="saksi-list">Saksi</h2>
      <p className="field-hint">
        Satu saksi untuk setiap pasangan calon. Saksi melihat ringkasan ini tanpa dapat mengubah apa
        pun, dan menjadi wali kunci saat upacara kunci dimulai.
      </p>
      {overview.viewerRole === 'saksi' ? (
        <WitnessView overview={overview} />
      ) : (
        <CommitteeView overview={overview} />
      )}
    </section>
  );
}

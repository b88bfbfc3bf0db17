import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  addCommitteeMemberSchema,
  issueInvitationSchema,
} from '../../../../shared/schemas/elections.ts';
import type { z } from '../../../../shared/validation.ts';
import { Link } from '../../../components/link.tsx';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { PhaseBadge } from '../../../components/phase-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatWib } from '../../../../shared/wib.ts';
import {
  useAddMember,
  useArchiveElection,
  useIssueInvitation,
  useOverseenElections,
  useRemoveMember,
  useRevokeInvitation,
  type OverseenElection,
} from '../api/oversight.ts';
import { Pager } from '../../../components/pager.tsx';

const PAGE_SIZE = 10;
const PHASES = [
  ['', 'Semua status'],
  ['draft', 'Disiapkan'],
  ['upcoming', 'Akan datang'],
  ['open', 'Sedang berlangsung'],
  ['closed', 'Selesai'],
  ['published', 'Hasil diumumkan'],
  ['archived', 'Diarsipkan'],
] as const;
const INVITATION_STATE = {
  active: ['Aktif', 'ok'],
  used: ['Sudah dipakai', 'neutral'],
  expired: ['Kedaluwarsa', 'neutral'],
  revoked: ['Dicabut', 'bad'],
} as const;

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

/** What the master confirms before an irreversible step. */
type Pending =
  | { kind: 'remove'; userId: string; name: string }
  | { kind: 'revoke'; code: string }
  | { kind: 'archive' };

/** One email and one action (add a committee member, issue a code); emptied once it is done. */
function EmailForm({
  schema,
  label,
  action,
  fallback,
  send,
}: {
  schema: typeof addCommitteeMemberSchema;
  label: string;
  action: string;
  fallback: string;
  send: (email: string) => Promise<unknown>;
}) {
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, formState, setError, reset } = useForm<
    z.input<typeof schema>,
    unknown,
    z.output<typeof schema>
  >({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(undefined);
    try {
      await send(email);
      reset();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['email'], fallback));
    }
  });
  return (
    <form method="post" className="inline-form" noValidate onSubmit={onSubmit}>
      <TextField
        label={label}
        type="email"
        autoComplete="off"
        error={formState.errors.email?.message ?? formError}
        {...register('email')}
      />
      <button type="submit" className="btn btn-outline" disabled={formState.isSubmitting}>
        {action}
      </button>
    </form>
  );
}

function CommitteeSection({ e, onAsk }: { e: OverseenElection; onAsk: (p: Pending) => void }) {
  const add = useAddMember(e.id);
  return (
    <section aria-labelledby={`panitia-${e.id}`}>
      <h3 id={`panitia-${e.id}`}>Panitia ({e.committee.length})</h3>
      {e.committee.length ? (
        <ul className="oversight-list">
          {e.committee.map((m) => (
            <li key={m.userId}>
              <span>
                {m.namaLengkap} <span className="field-hint">({m.email})</span>
              </span>
              <button
                type="button"
                className="btn btn-outline btn-danger-outline btn-compact"
                onClick={() => onAsk({ kind: 'remove', userId: m.userId, name: m.namaLengkap })}
              >
                Keluarkan
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">Belum ada panitia. Terbitkan kode undangan di bawah.</p>
      )}
      {e.abilities.addCommitteeMember.allowed ? (
        <EmailForm
          schema={addCommitteeMemberSchema}
          label="Tambah panitia (email akun)"
          action="Tambah"
          fallback="Gagal menambahkan panitia."
          send={(email) => add.mutateAsync(email)}
        />
      ) : null}
    </section>
  );
}

function InvitationSection({ e, onAsk }: { e: OverseenElection; onAsk: (p: Pending) => void }) {
  const issue = useIssueInvitation(e.id);
  const archived = e.status === 'archived';
  return (
    <section aria-labelledby={`kode-${e.id}`}>
      <h3 id={`kode-${e.id}`}>Kode Undangan</h3>
      {e.invitations.length ? (
        <ul className="oversight-list">
          {e.invitations.map((i) => {
            const [label, tone] = INVITATION_STATE[i.state];
            return (
              <li key={i.code}>
                <span>
                  <code className="code">{i.code}</code>{' '}
                  <span className={`badge badge-${tone}`}>{label}</span>{' '}
                  <span className="field-hint">berlaku sampai {formatWib(i.expiresAt)}</span>
                </span>
                {i.state === 'active' ? (
                  <button
                    type="button"
                    className="btn btn-outline btn-danger-outline btn-compact"
                    aria-label={`Cabut kode ${i.code}`}
                    onClick={() => onAsk({ kind: 'revoke', code: i.code })}
                  >
                    Cabut
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="empty-state">Belum ada kode undangan.</p>
      )}
      {issue.data ? (
        <Alert kind="success">
          Kode baru: <code className="code">{issue.data.code}</code>
          {issue.variables ? `. Email undangan sedang dikirim ke ${issue.variables}.` : ''}
        </Alert>
      ) : null}
      {archived ? null : !e.abilities.issueInvitation.allowed ? (
        <p className="field-hint">{e.abilities.issueInvitation.why}</p>
      ) : (
        <EmailForm
          schema={issueInvitationSchema}
          label="Email penerima kode"
          action="Terbitkan Kode Baru"
          fallback="Gagal menerbitkan kode."
          send={(email) => issue.mutateAsync(email)}
        />
      )}
    </section>
  );
}

function ElectionItem({ e }: { e: OverseenElection }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const remove = useRemoveMember(e.id);
  const revoke = useRevokeInvitation(e.id);
  const archive = useArchiveElection(e.id);
  const [error, setError] = useState<string>();
  const { archive: mayArchive, viewResults } = e.abilities;
  const busy = remove.isPending || revoke.isPending || archive.isPending;
  const confirm = async () => {
    if (!pending) return;
    setError(undefined);
    try {
      if (pending.kind === 'remove') await remove.mutateAsync(pending.userId);
      else if (pending.kind === 'revoke') await revoke.mutateAsync(pending.code);
      else await archive.mutateAsync();
    } catch (err) {
      setError(messageOf(err, 'Gagal menyimpan perubahan.'));
    } finally {
      setPending(null);
    }
  };
  const turnout =
    e.rollSize !== null
      ? `${e.voted} dari ${e.rollSize} pemilih sudah memilih`
      : 'Daftar pemilih belum dikunci';
  return (
    <li className="card oversight-item">
      <details>
        <summary>
          <span className="election-card-head">
            <h2 className="oversight-title">{e.title}</h2>
            <PhaseBadge phase={e.phase} />
          </span>
          <span className="field-hint">
            {e.organizer} · {formatWib(e.startsAt)} sampai {formatWib(e.endsAt)} · {turnout}
          </span>
        </summary>
        <div className="oversight-body">
          <p className="election-card-actions">
            <Link to={paths.panitia(e.id)}>Buka area panitia</Link>
            {viewResults ? <Link to={paths.hasil(e.id)}>Lihat hasil</Link> : null}
          </p>
          {error ? <Alert kind="error">{error}</Alert> : null}
          <CommitteeSection e={e} onAsk={setPending} />
          <InvitationSection e={e} onAsk={setPending} />
          {mayArchive.allowed ? (
            <button
              type="button"
              className="btn btn-outline btn-danger-outline"
              onClick={() => setPending({ kind: 'archive' })}
            >
              Arsipkan
            </button>
          ) : e.status !== 'archived' && mayArchive.why ? (
            <p className="field-hint">{mayArchive.why}</p>
          ) : null}
        </div>
      </details>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'remove'
            ? 'Keluarkan dari panitia?'
            : pending?.kind === 'revoke'
              ? 'Cabut kode undangan?'
              : 'Arsipkan pemilihan?'
        }
        confirmLabel={
          pending?.kind === 'remove'
            ? 'Ya, Keluarkan'
            : pending?.kind === 'revoke'
              ? 'Ya, Cabut'
              : 'Ya, Arsipkan'
        }
        danger
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        <p>
          {pending?.kind === 'remove'
            ? `${pending.name} tidak dapat lagi membuka area panitia "${e.title}".`
            : pending?.kind === 'revoke'
              ? `Kode ${pending.code} tidak dapat dipakai lagi. Panitia yang sudah bergabung tetap menjadi panitia.`
              : e.phase === 'draft'
                ? `"${e.title}" dibatalkan dan hilang dari daftar. Kode undangannya tidak berlaku lagi.`
                : `"${e.title}" hilang dari daftar pemilihan dan Dashboard Pemilih. Hasil dan berita acaranya tetap dapat dibuka lewat tautan hasilnya.`}
        </p>
      </ConfirmDialog>
    </li>
  );
}

/** Semua Pemilihan: every election, searchable and filtered by status, with its oversight. */
export function ElectionOversight() {
  const elections = useOverseenElections();
  const [q, setQ] = useState('');
  const [phase, setPhase] = useState('');
  const [page, setPage] = useState(1);
  if (elections.isPending) return <p role="status">Memuat...</p>;
  if (elections.isError) return <Alert kind="error">{elections.error.message}</Alert>;
  const needle = q.trim().toLowerCase();
  const matches = elections.data.items.filter(
    (e) =>
      (!phase || e.phase === phase) &&
      (!needle ||
        e.title.toLowerCase().includes(needle) ||
        e.organizer.toLowerCase().includes(needle)),
  );
  const pages = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matches.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <>
      <div className="filters">
        <TextField
          label="Cari pemilihan"
          type="search"
          value={q}
          onChange={(ev) => {
            setQ(ev.target.value);
            setPage(1);
          }}
        />
        <div className="field">
          <label htmlFor="phase-filter">Status</label>
          <select
            id="phase-filter"
            value={phase}
            onChange={(ev) => {
              setPhase(ev.target.value);
              setPage(1);
            }}
          >
            {PHASES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="field-hint" aria-live="polite">
        {matches.length} pemilihan
      </p>
      {shown.length ? (
        <ul className="request-list">
          {shown.map((e) => (
            <ElectionItem key={e.id} e={e} />
          ))}
        </ul>
      ) : (
        <p className="empty-state">
          {elections.data.items.length
            ? 'Tidak ada pemilihan yang cocok.'
            : 'Belum ada pemilihan. Pemilihan dibuat saat permohonan disetujui.'}
        </p>
      )}
      <Pager page={current} pages={pages} label="Halaman daftar pemilihan" onPage={setPage} />
    </>
  );
}

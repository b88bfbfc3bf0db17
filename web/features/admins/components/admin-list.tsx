import { useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatWib } from '../../../../shared/wib.ts';
import {
  useAdmins,
  useChangeRole,
  useDeactivateAdmin,
  useReactivateAdmin,
  useResetSecondFactor,
  type ManagedAdmin,
} from '../api/admins.ts';
import '../../../styles/admin.css';

const PAGE_SIZE = 10;

/** A change the master confirms first. */
type Pending =
  | { kind: 'role'; admin: ManagedAdmin; role: 'master' | 'admin' }
  | { kind: 'deactivate'; admin: ManagedAdmin }
  | { kind: 'reactivate'; admin: ManagedAdmin }
  | { kind: 'reset'; admin: ManagedAdmin };

const nameOf = (a: ManagedAdmin) => a.namaTampilan || a.namaLengkap;

function dialogText(p: Pending, self: boolean) {
  const name = nameOf(p.admin);
  if (p.kind === 'role')
    return p.role === 'master'
      ? {
          title: `Jadikan ${name} master?`,
          body: 'Admin master dapat mengelola admin lain dan semua pemilihan.',
          confirm: 'Ya, Jadikan Master',
        }
      : {
          title: `Jadikan ${name} admin biasa?`,
          body: self
            ? 'Anda akan kehilangan akses Kelola Admin dan Kelola Pemilihan.'
            : 'Ia tidak lagi dapat mengelola admin dan pemilihan.',
          confirm: 'Ya, Jadikan Admin',
        };
  if (p.kind === 'deactivate')
    return {
      title: `Nonaktifkan ${name}?`,
      body: self
        ? 'Anda akan langsung keluar dan tidak dapat membuka area admin lagi.'
        : 'Ia langsung keluar dari semua perangkat dan tidak dapat membuka area admin. Aktivitasnya tetap tercatat di Histori Aktivitas.',
      confirm: 'Ya, Nonaktifkan',
    };
  if (p.kind === 'reset')
    return {
      title: `Reset 2FA ${name}?`,
      body: 'Aplikasi autentikator, kode pemulihan dan semua passkey-nya dihapus, dan ia keluar dari semua perangkat. Lakukan hanya bila ia kehilangan perangkatnya dan Anda sudah memastikan orangnya.',
      confirm: 'Ya, Reset 2FA',
    };
  return {
    title: `Aktifkan kembali ${name}?`,
    body: `Ia dapat masuk lagi sebagai ${p.admin.role === 'master' ? 'admin master' : 'admin'}.`,
    confirm: 'Ya, Aktifkan',
  };
}

/** Every admin: role, state, and the master's actions on each (with confirmation). */
export function AdminList({ selfId }: { selfId: string }) {
  const admins = useAdmins();
  const changeRole = useChangeRole();
  const deactivate = useDeactivateAdmin();
  const reactivate = useReactivateAdmin();
  const reset = useResetSecondFactor();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const busy =
    changeRole.isPending || deactivate.isPending || reactivate.isPending || reset.isPending;

  if (admins.isPending) return <p role="status">Memuat...</p>;
  if (admins.isError)
    return (
      <Alert kind="error">
        {admins.error instanceof ApiError ? admins.error.message : 'Gagal memuat daftar admin.'}
      </Alert>
    );

  const needle = q.trim().toLowerCase();
  const matching = admins.data.items.filter(
    (a) =>
      !needle ||
      a.namaLengkap.toLowerCase().includes(needle) ||
      a.namaTampilan.toLowerCase().includes(needle) ||
      a.email.toLowerCase().includes(needle),
  );
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const activeMasters = admins.data.items.filter((a) => a.role === 'master' && a.active).length;

  const confirm = async () => {
    if (!pending) return;
    setMessage(undefined);
    const name = nameOf(pending.admin);
    try {
      if (pending.kind === 'role') {
        await changeRole.mutateAsync({ userId: pending.admin.userId, role: pending.role });
        setMessage({
          kind: 'success',
          text: `${name} sekarang ${pending.role === 'master' ? 'admin master' : 'admin'}.`,
        });
      } else if (pending.kind === 'deactivate') {
        await deactivate.mutateAsync(pending.admin.userId);
        setMessage({ kind: 'success', text: `${name} dinonaktifkan.` });
      } else if (pending.kind === 'reset') {
        await reset.mutateAsync(pending.admin.userId);
        setMessage({
          kind: 'success',
          text: `2FA dan passkey ${name} direset. Ia masuk lagi dengan kata sandi lalu mendaftarkan yang baru.`,
        });
      } else {
        await reactivate.mutateAsync(pending.admin.userId);
        setMessage({ kind: 'success', text: `${name} aktif kembali.` });
      }
    } catch (err) {
      setMessage({
        kind: 'error',
        text: err instanceof ApiError ? err.message : 'Gagal menyimpan perubahan.',
      });
    } finally {
      setPending(null);
    }
  };
  const text = pending ? dialogText(pending, pending.admin.userId === selfId) : null;

  return (
    <section aria-labelledby="daftar-admin">
      <div className="admin-list-head">
        <h2 id="daftar-admin">Daftar Admin</h2>
        <p className="field-hint">
          {admins.data.items.length} admin · {activeMasters} master aktif
        </p>
      </div>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <div className="field admin-search">
        <label htmlFor="admin-q">Cari nama atau email</label>
        <input
          id="admin-q"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {shown.length === 0 ? (
        <p className="empty-state">
          {needle ? 'Tidak ada admin yang cocok dengan pencarian.' : 'Belum ada admin.'}
        </p>
      ) : (
        <ul className="admin-list">
          {shown.map((a) => {
            const self = a.userId === selfId;
            const { abilities } = a;
            return (
              <li key={a.userId} className="card admin-row" aria-label={nameOf(a)}>
                <div className="admin-row-info">
                  <strong>
                    {a.namaLengkap}
                    {self ? ' (Anda)' : ''}
                  </strong>{' '}
                  <span
                    className={`badge ${a.role === 'master' ? 'badge-master' : 'badge-neutral'}`}
                  >
                    {a.role === 'master' ? 'Master' : 'Admin'}
                  </span>{' '}
                  <span className={`badge ${a.active ? 'badge-ok' : 'badge-bad'}`}>
                    {a.active ? 'Aktif' : 'Nonaktif'}
                  </span>
                  <p className="field-hint admin-row-meta">
                    <span className="admin-email">{a.email}</span> · ditambahkan{' '}
                    {formatWib(a.createdAt)}
                    {a.deactivatedAt ? ` · dinonaktifkan ${formatWib(a.deactivatedAt)}` : ''}
                  </p>
                  <p className="field-hint">
                    2FA: {a.twoFactorEnabled ? 'aktif' : 'tidak aktif'} · passkey: {a.passkeys}
                  </p>
                  {abilities.why ? <p className="field-hint">{abilities.why}</p> : null}
                </div>
                <div className="admin-row-actions">
                  {a.role === 'admin' ? (
                    <button
                      type="button"
                      className="btn btn-outline btn-compact"
                      onClick={() => setPending({ kind: 'role', admin: a, role: 'master' })}
                    >
                      Jadikan Master
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline btn-compact"
                      disabled={!abilities.changeRole}
                      onClick={() => setPending({ kind: 'role', admin: a, role: 'admin' })}
                    >
                      Jadikan Admin
                    </button>
                  )}
                  {a.twoFactorEnabled || a.passkeys > 0 ? (
                    <button
                      type="button"
                      className="btn btn-outline btn-compact"
                      onClick={() => setPending({ kind: 'reset', admin: a })}
                    >
                      Reset 2FA
                    </button>
                  ) : null}
                  {a.active ? (
                    <button
                      type="button"
                      className="btn btn-outline btn-danger-outline btn-compact"
                      disabled={!abilities.deactivate}
                      onClick={() => setPending({ kind: 'deactivate', admin: a })}
                    >
                      Nonaktifkan
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline btn-compact"
                      onClick={() => setPending({ kind: 'reactivate', admin: a })}
                    >
                      Aktifkan Kembali
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={current} pages={pages} label="Halaman daftar admin" onPage={setPage} />
      <ConfirmDialog
        open={pending !== null}
        title={text?.title ?? ''}
        confirmLabel={text?.confirm ?? 'Ya'}
        danger={pending?.kind === 'deactivate' || pending?.kind === 'reset'}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      >
        <p>{text?.body}</p>
      </ConfirmDialog>
    </section>
  );
}

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import '../../../styles/structure.css';
import type { MoveDirection } from '../../../../shared/schemas/structure.ts';
import { Alert } from '../../../components/alert.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import {
  useDeleteDivision,
  useDeleteMember,
  useDeletePeriod,
  useMakePeriodCurrent,
  useMoveDivision,
} from '../api/structure-mutations.ts';
import {
  usePeriod,
  usePeriods,
  type OrgDivision,
  type OrgPerson,
  type PeriodDetail,
  type PeriodSummary,
} from '../api/structure-queries.ts';
import { DivisionForm } from './division-form.tsx';
import { focusSoon } from './focus-soon.ts';
import { PeopleList } from './people-list.tsx';
import { PeriodForm } from './period-form.tsx';

const PAGE_SIZE = 8;

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

/** What the admin confirms before deleting. */
type Pending =
  | { kind: 'period'; period: PeriodSummary; divisions: number; people: number }
  | { kind: 'division'; division: OrgDivision }
  | { kind: 'member'; person: OrgPerson };

function PeriodList({
  periods,
  selected,
  onSelect,
}: {
  periods: PeriodSummary[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const pages = Math.max(1, Math.ceil(periods.length / PAGE_SIZE));
  const shown = periods.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <section className="card admin-periods" aria-labelledby="admin-periods-title">
      <h2 id="admin-periods-title">Periode</h2>
      {periods.length ? (
        <ul className="admin-period-list">
          {shown.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={p.id === selected ? 'admin-period active' : 'admin-period'}
                aria-current={p.id === selected ? 'true' : undefined}
                onClick={() => onSelect(p.id)}
              >
                <span className="admin-period-label">{p.label}</span>
                <span className="admin-period-cabinet">{p.cabinetName}</span>
                {p.isCurrent ? <span className="badge badge-ok">Periode aktif</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">
          Belum ada periode. Mulailah dengan menambahkan periode kepengurusan di bawah.
        </p>
      )}
      <Pager
        page={Math.min(page, pages)}
        pages={pages}
        label="Halaman daftar periode"
        onPage={setPage}
      />
      {adding || periods.length === 0 ? (
        <>
          <h3>Tambah Periode</h3>
          <PeriodForm
            onSaved={(id) => {
              setAdding(false);
              onSelect(id);
            }}
            onCancel={periods.length ? () => setAdding(false) : undefined}
          />
        </>
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => setAdding(true)}>
          Tambah Periode
        </button>
      )}
    </section>
  );
}

function DivisionBlock({
  detail,
  division,
  index,
  onAsk,
  onError,
}: {
  detail: PeriodDetail;
  division: OrgDivision;
  index: number;
  onAsk: (p: Pending) => void;
  onError: (message: string | undefined) => void;
}) {
  const move = useMoveDivision();
  const [editing, setEditing] = useState(false);
  const count = detail.divisions.length;
  const step = async (direction: MoveDirection) => {
    onError(undefined);
    try {
      await move.mutateAsync({ id: division.id, direction });
      const other = direction === 'up' ? 'down' : 'up';
      focusSoon(`division-${direction}-${division.id}`, `division-${other}-${division.id}`);
    } catch (err) {
      onError(messageOf(err, 'Gagal mengubah urutan divisi.'));
    }
  };
  return (
    <li className="admin-division">
      <section aria-labelledby={`admin-division-${division.id}`}>
        <div className="panel-head">
          <h3 id={`admin-division-${division.id}`}>{division.name}</h3>
          <span className="admin-row-actions">
            <button
              type="button"
              id={`division-up-${division.id}`}
              className="btn btn-outline btn-compact btn-icon"
              title="Naikkan"
              aria-label={`Naikkan divisi ${division.name}`}
              disabled={index === 0 || move.isPending}
              onClick={() => void step('up')}
            >
              <span aria-hidden="true">↑</span>
            </button>
            <button
              type="button"
              id={`division-down-${division.id}`}
              className="btn btn-outline btn-compact btn-icon"
              title="Turunkan"
              aria-label={`Turunkan divisi ${division.name}`}
              disabled={index === count - 1 || move.isPending}
              onClick={() => void step('down')}
            >
              <span aria-hidden="true">↓</span>
            </button>
            <button
              type="button"
              className="btn btn-outline btn-compact"
              aria-label={`Ubah divisi ${division.name}`}
              onClick={() => setEditing(true)}
            >
              Ubah
            </button>
            <button
              type="button"
              className="btn btn-outline btn-danger-outline btn-compact"
              aria-label={`Hapus divisi ${division.name}`}
              onClick={() => onAsk({ kind: 'division', division })}
            >
              Hapus
            </button>
          </span>
        </div>
        {editing ? (
          <DivisionForm
            periodId={detail.period.id}
            division={division}
            onDone={() => setEditing(false)}
          />
        ) : division.description ? (
          <p className="field-hint">{division.description}</p>
        ) : null}
        <PeopleList
          periodId={detail.period.id}
          divisions={detail.divisions}
          people={division.members}
          divisionId={division.id}
          addLabel={`Tambah Anggota ${division.name}`}
          onDelete={(person) => onAsk({ kind: 'member', person })}
          onError={onError}
        />
      </section>
    </li>
  );
}

function PeriodPanel({ detail, onAsk }: { detail: PeriodDetail; onAsk: (p: Pending) => void }) {
  const { period } = detail;
  const makeCurrent = useMakePeriodCurrent();
  const [error, setError] = useState<string>();
  const [addingDivision, setAddingDivision] = useState(false);
  const people = detail.leaders.length + detail.divisions.reduce((n, d) => n + d.members.length, 0);
  return (
    <div className="admin-period-panel">
      <section className="card" aria-labelledby="admin-period-title">
        <div className="panel-head">
          <h2 id="admin-period-title">
            Periode {period.label}
            {period.isCurrent ? (
              <>
                {' '}
                <span className="badge badge-ok">Periode aktif</span>
              </>
            ) : null}
          </h2>
          <span className="admin-row-actions">
            {period.isCurrent ? null : (
              <button
                type="button"
                className="btn btn-accent"
                disabled={makeCurrent.isPending}
                onClick={() => {
                  setError(undefined);
                  makeCurrent
                    .mutateAsync(period.id)
                    .catch((err: unknown) => setError(messageOf(err, 'Gagal menyimpan.')));
                }}
              >
                {makeCurrent.isPending ? 'Menyimpan...' : 'Jadikan Periode Aktif'}
              </button>
            )}
            <button
              type="button"
              className="btn btn-outline btn-danger-outline"
              onClick={() =>
                onAsk({
                  kind: 'period',
                  period,
                  divisions: detail.divisions.length,
                  people,
                })
              }
            >
              Hapus Periode
            </button>
          </span>
        </div>
        <p className="field-hint">
          Periode aktif ditampilkan pertama kali di halaman Struktur Organisasi dan di beranda.
        </p>
        <PeriodForm key={period.id} period={period} onSaved={() => undefined} />
      </section>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <section className="card" aria-labelledby="admin-leaders-title">
        <h2 id="admin-leaders-title">Pimpinan</h2>
        <p className="field-hint">
          Ketua, Wakil Ketua, Sekretaris, Bendahara: pengurus tanpa divisi, tampil di puncak bagan
          sesuai urutan ini.
        </p>
        <PeopleList
          periodId={period.id}
          divisions={detail.divisions}
          people={detail.leaders}
          divisionId={null}
          addLabel="Tambah Pimpinan"
          onDelete={(person) => onAsk({ kind: 'member', person })}
          onError={setError}
        />
      </section>
      <section className="card" aria-labelledby="admin-divisions-title">
        <h2 id="admin-divisions-title">Divisi</h2>
        {detail.divisions.length ? (
          <ol className="admin-divisions">
            {detail.divisions.map((d, i) => (
              <DivisionBlock
                key={d.id}
                detail={detail}
                division={d}
                index={i}
                onAsk={onAsk}
                onError={setError}
              />
            ))}
          </ol>
        ) : (
          <p className="empty-state">Belum ada divisi pada periode ini.</p>
        )}
        {addingDivision ? (
          <DivisionForm periodId={period.id} onDone={() => setAddingDivision(false)} />
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => setAddingDivision(true)}>
            Tambah Divisi
          </button>
        )}
      </section>
    </div>
  );
}

/** /admin/struktur: periods, their divisions and people, with order and photos. */
export function StructureAdmin() {
  const [params, setParams] = useSearchParams();
  const periods = usePeriods();
  const items = periods.data?.items ?? [];
  const chosen = params.get('periode');
  const selected =
    (chosen && items.some((p) => p.id === chosen) ? chosen : null) ??
    items.find((p) => p.isCurrent)?.id ??
    items[0]?.id ??
    null;
  const detail = usePeriod(selected);
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string>();
  const deletePeriod = useDeletePeriod();
  const deleteDivision = useDeleteDivision();
  const deleteMember = useDeleteMember();
  const busy = deletePeriod.isPending || deleteDivision.isPending || deleteMember.isPending;

  const select = (id: string) => setParams({ periode: id });

  const confirm = async () => {
    if (!pending) return;
    setError(undefined);
    try {
      if (pending.kind === 'period') {
        await deletePeriod.mutateAsync(pending.period.id);
        setParams({});
      } else if (pending.kind === 'division') await deleteDivision.mutateAsync(pending.division.id);
      else await deleteMember.mutateAsync(pending.person.id);
    } catch (err) {
      setError(messageOf(err, 'Gagal menghapus.'));
    } finally {
      setPending(null);
    }
  };

  if (periods.isPending) return <p role="status">Memuat...</p>;
  if (periods.isError) return <Alert kind="error">{periods.error.message}</Alert>;

  return (
    <div className="structure-admin">
      <PeriodList periods={items} selected={selected} onSelect={select} />
      <div>
        {error ? <Alert kind="error">{error}</Alert> : null}
        {selected === null ? (
          <p className="empty-state card">
            Pilih atau tambahkan periode untuk mengelola pimpinan, divisi dan anggotanya.
          </p>
        ) : detail.isPending ? (
          <p role="status">Memuat...</p>
        ) : detail.isError ? (
          <Alert kind="error">{detail.error.message}</Alert>
        ) : (
          <PeriodPanel detail={detail.data} onAsk={setPending} />
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'period'
            ? 'Hapus periode?'
            : pending?.kind === 'division'
              ? 'Hapus divisi?'
              : 'Hapus pengurus?'
        }
        confirmLabel="Ya, Hapus"
        danger
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'period' ? (
          <p>
            Periode {pending.period.label} “{pending.period.cabinetName}” akan dihapus beserta{' '}
            {pending.divisions} divisi dan {pending.people} pengurusnya. Tindakan ini tidak dapat
            dibatalkan.
          </p>
        ) : pending?.kind === 'division' ? (
          <p>
            Divisi {pending.division.name} akan dihapus beserta {pending.division.members.length}{' '}
            anggotanya. Tindakan ini tidak dapat dibatalkan.
          </p>
        ) : pending?.kind === 'member' ? (
          <p>
            {pending.person.name} ({pending.person.position}) akan dihapus dari struktur organisasi.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

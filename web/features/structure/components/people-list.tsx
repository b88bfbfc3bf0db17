import { useState } from 'react';
import type { MoveDirection } from '../../../../shared/schemas/structure.ts';
import { useMoveMember } from '../api/structure-mutations.ts';
import type { OrgDivision, OrgPerson } from '../api/structure-queries.ts';
import { focusSoon } from './focus-soon.ts';
import { MemberForm } from './member-form.tsx';
import { PersonPhoto } from './person-card.tsx';

/**
 * The people of one group (the leaders or a division) in their order, each with Naikkan/Turunkan
 * (keyboard focus stays on the moved person), Ubah and Hapus; and a button to add someone.
 */
export function PeopleList({
  periodId,
  divisions,
  people,
  divisionId,
  addLabel,
  onDelete,
  onError,
}: {
  periodId: string;
  divisions: OrgDivision[];
  people: OrgPerson[];
  divisionId: string | null;
  addLabel: string;
  onDelete: (person: OrgPerson) => void;
  onError: (message: string | undefined) => void;
}) {
  const move = useMoveMember();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const step = async (person: OrgPerson, direction: MoveDirection) => {
    onError(undefined);
    try {
      await move.mutateAsync({ id: person.id, direction });
      const other = direction === 'up' ? 'down' : 'up';
      focusSoon(`move-${direction}-${person.id}`, `move-${other}-${person.id}`);
    } catch (err) {
      onError(err instanceof Error ? err.message : 'Gagal mengubah urutan.');
    }
  };

  return (
    <>
      {people.length ? (
        <ol className="admin-people">
          {people.map((p, i) =>
            editing === p.id ? (
              <li key={p.id} className="admin-person admin-person-editing">
                <MemberForm
                  periodId={periodId}
                  divisions={divisions}
                  member={p}
                  divisionId={p.divisionId}
                  onDone={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={p.id} className="admin-person">
                <PersonPhoto person={p} size={48} />
                <span className="admin-person-text">
                  <span className="org-name">{p.name}</span>
                  <span className="org-position">{p.position}</span>
                </span>
                <span className="admin-row-actions">
                  <button
                    type="button"
                    id={`move-up-${p.id}`}
                    className="btn btn-outline btn-compact btn-icon"
                    title="Naikkan"
                    aria-label={`Naikkan ${p.name}`}
                    disabled={i === 0 || move.isPending}
                    onClick={() => void step(p, 'up')}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    id={`move-down-${p.id}`}
                    className="btn btn-outline btn-compact btn-icon"
                    title="Turunkan"
                    aria-label={`Turunkan ${p.name}`}
                    disabled={i === people.length - 1 || move.isPending}
                    onClick={() => void step(p, 'down')}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-compact"
                    aria-label={`Ubah ${p.name}`}
                    onClick={() => setEditing(p.id)}
                  >
                    Ubah
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-danger-outline btn-compact"
                    aria-label={`Hapus ${p.name}`}
                    onClick={() => onDelete(p)}
                  >
                    Hapus
                  </button>
                </span>
              </li>
            ),
          )}
        </ol>
      ) : (
        <p className="empty-state">Belum ada pengurus di sini. Tambahkan dengan tombol di bawah.</p>
      )}
      {adding ? (
        <MemberForm
          periodId={periodId}
          divisions={divisions}
          divisionId={divisionId}
          onDone={() => setAdding(false)}
        />
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => setAdding(true)}>
          {addLabel}
        </button>
      )}
    </>
  );
}

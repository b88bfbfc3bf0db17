import { useEffect, useRef } from 'react';

export type Direction = 'up' | 'down';

const buttonId = (prefix: string, direction: Direction, id: string) =>
  `${prefix}-${direction}-${id}`;

/**
 * Keeps the keyboard where it was across a reorder: call `remember` before the move; once the
 * move has finished (`busy` false) and the refreshed list (`list`) is on screen, focus goes
 * back to the same button, or to its partner when the item reached the end. Use with
 * <MoveButtons> and the same `prefix`.
 */
export function useMoveFocus(prefix: string, list: unknown, busy: boolean) {
  const target = useRef<{ id: string; direction: Direction } | null>(null);
  useEffect(() => {
    const t = target.current;
    // While the move is pending the list on screen is the old one (and the refreshed one may
    // still reorder the rows, which takes the focus away): wait for the move to finish.
    if (!t || busy) return;
    const same = document.getElementById(buttonId(prefix, t.direction, t.id));
    const other = document.getElementById(
      buttonId(prefix, t.direction === 'up' ? 'down' : 'up', t.id),
    );
    const button = (
      (same as HTMLButtonElement | null)?.disabled ? other : same
    ) as HTMLButtonElement | null;
    if (!button || button.disabled) return;
    button.focus();
    if (document.activeElement === button) target.current = null;
  }, [prefix, list, busy]);
  return {
    remember: (id: string, direction: Direction) => {
      target.current = { id, direction };
    },
    forget: () => {
      target.current = null;
    },
  };
}

/** "Naikkan" / "Turunkan" for one item of an ordered list (disabled at either end). */
export function MoveButtons({
  prefix,
  id,
  name,
  position,
  count,
  onMove,
}: {
  prefix: string;
  id: string;
  /** What the buttons move, for screen readers: "Naikkan {name}". */
  name: string;
  /** 1-based place of the item, and how many items share its list. */
  position: number;
  count: number;
  onMove: (direction: Direction) => void;
}) {
  return (
    <>
      <button
        id={buttonId(prefix, 'up', id)}
        type="button"
        className="btn btn-outline btn-move"
        aria-label={`Naikkan ${name}`}
        title="Naikkan"
        disabled={position <= 1}
        onClick={() => onMove('up')}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        id={buttonId(prefix, 'down', id)}
        type="button"
        className="btn btn-outline btn-move"
        aria-label={`Turunkan ${name}`}
        title="Turunkan"
        disabled={position >= count}
        onClick={() => onMove('down')}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </>
  );
}

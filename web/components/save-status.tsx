/** The spec's save states: nothing, "Menyimpan...", then a success or failure message. */
export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done'; message: string };

/** Announces the save state; a message beginning with "Gagal" is shown red, any other green. */
export function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === 'saving' ? 'Menyimpan...' : state.kind === 'done' ? state.message : '';
  const tone =
    state.kind !== 'done' ? 'neutral' : state.message.startsWith('Gagal') ? 'error' : 'success';
  return (
    <p className={`save-status save-status-${tone}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}

import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A modal confirmation for an irreversible step, on the native <dialog>: the page behind is
 * inert, Tab and Shift+Tab go round the dialog's controls (the browser alone would let the focus
 * leave for its own toolbar), Escape cancels, and closing gives the focus back to what opened it.
 * The confirm button carries the action's name, e.g. "Ya, Kirim".
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Batal',
  busy = false,
  danger = false,
  confirmDisabled = false,
  other,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  danger?: boolean;
  /** The confirm button waits (e.g. for what it would confirm to be ready). */
  confirmDisabled?: boolean;
  /** A third way out besides cancelling and confirming (e.g. "Periksa surat suara"). */
  other?: { label: string; onClick: () => void; disabled?: boolean };
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Closes asked for by the page (not by the browser): their close event comes a task later.
  const closing = useRef(0);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) {
        closing.current++;
        dialog.close();
      }
      return;
    }
    if (dialog.open) return;
    // Opened in a task of its own: the click's task only renders, and the style and layout of a
    // modal (the whole page made inert, the focus moved) come after, so that neither holds a
    // phone's main thread for long.
    const timer = setTimeout(() => {
      if (!dialog.open) dialog.showModal();
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      // Should the browser close it by itself (a second Escape is not always cancelable), the
      // page learns it is closed, so it can open it again. The event of a close the page asked
      // for may arrive after the dialog was asked to open again: it changes nothing.
      onClose={() => {
        if (closing.current > 0) closing.current--;
        else if (open) onCancel();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Tab') return;
        const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        const at = document.activeElement;
        if (e.shiftKey && (at === first || at === e.currentTarget)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && at === last) {
          e.preventDefault();
          first.focus();
        }
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        {other ? (
          <button
            type="button"
            className="btn btn-outline"
            onClick={other.onClick}
            disabled={busy || other.disabled}
          >
            {other.label}
          </button>
        ) : null}
        <button
          type="button"
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
        >
          {busy ? 'Memproses...' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

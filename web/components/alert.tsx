import { useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from './client-only.tsx';

/**
 * A message for the eye and for screen readers. An error is an alert, spoken as soon as it
 * appears. A success or a note is a polite live region that enters the page empty and gets its
 * text a moment later: screen readers speak a change inside a region they already know, not
 * always a region that arrives with its text (a message shown as a form gives way to a list).
 * A message that is part of a page the server rendered is there from the start: it is read with
 * the page, and filling it later would push the page down under the reader's eyes.
 */
export function Alert({
  kind,
  children,
}: {
  kind: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const [filled, setFilled] = useState(kind === 'error' || !hydrated);
  useEffect(() => {
    if (filled) return;
    const timer = window.setTimeout(() => setFilled(true), 50);
    return () => window.clearTimeout(timer);
  }, [filled]);
  if (kind === 'error')
    return (
      <div className="alert alert-error" role="alert">
        {children}
      </div>
    );
  return (
    <div className={`alert alert-${kind}`} role="status" aria-live="polite">
      {filled ? children : null}
    </div>
  );
}

import type { ReactNode } from 'react';

/**
 * Holds a table that may be wider than a narrow screen: it scrolls sideways inside, and it is a
 * named region the keyboard can reach and scroll with the arrow keys (always, so that it never
 * depends on a measurement racing the table's data).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * A Kode Bukti (ballot tracker) in groups of four that never break in the middle: on a phone the
 * code wraps between groups only. Screen readers and copying get the code itself.
 */
export function TrackerCode({ code, className = '' }: { code: string; className?: string }) {
  const groups = code.match(/.{1,4}/g) ?? [];
  return (
    <span className={`tracker-code ${className}`.trim()} aria-label={code} role="text">
      {groups.map((g, i) => (
        <span key={i} className="tracker-group" aria-hidden="true">
          {g}
        </span>
      ))}
    </span>
  );
}

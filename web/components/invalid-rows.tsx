/** How many rows of an imported CSV were refused, and which (the first ten) with their reasons. */
export function InvalidRows({
  rows,
}: {
  rows: { line: number; reason: string; value?: string | undefined }[];
}) {
  return (
    <li>
      {rows.length} baris tidak valid{rows.length ? ':' : '.'}
      {rows.length ? (
        <ul>
          {rows.slice(0, 10).map((i) => (
            <li key={i.line}>
              Baris {i.line}
              {i.value === undefined ? '' : ` (${i.value ? `“${i.value}”` : 'kosong'})`}: {i.reason}
            </li>
          ))}
          {rows.length > 10 ? <li>dan {rows.length - 10} baris lainnya.</li> : null}
        </ul>
      ) : null}
    </li>
  );
}

/** Previous / next page buttons with "Halaman x dari y"; nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  label,
  onPage,
}: {
  page: number;
  pages: number;
  /** What the pages are of, for screen readers, e.g. "Halaman daftar pemilih". */
  label: string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="btn btn-outline"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Sebelumnya
      </button>
      <span>
        Halaman {page} dari {pages}
      </span>
      <button
        type="button"
        className="btn btn-outline"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Berikutnya
      </button>
    </nav>
  );
}

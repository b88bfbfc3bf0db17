import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

function isChunkError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk|error loading dynamically|waktu memuat/i.test(
    msg,
  );
}

/** Shown instead of a blank page when a screen's code fails to load or a screen crashes. */
export function RouteError() {
  const err = useRouteError();
  if (isRouteErrorResponse(err) && err.status === 404) {
    return (
      <div className="container page placeholder-page" role="alert">
        <h1>Halaman tidak ditemukan</h1>
        <Link className="btn btn-primary" to="/">
          Kembali ke Beranda
        </Link>
      </div>
    );
  }
  const chunk = isChunkError(err);
  return (
    <div className="container page placeholder-page" role="alert">
      <h1>{chunk ? 'Halaman gagal dimuat' : 'Terjadi kesalahan'}</h1>
      <p>
        {chunk
          ? 'Versi baru situs mungkin baru saja dipasang, atau koneksi Anda terputus. Muat ulang halaman untuk mencoba lagi.'
          : 'Maaf, halaman ini mengalami kesalahan. Muat ulang halaman untuk mencoba lagi.'}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Muat ulang
      </button>
    </div>
  );
}

import { Component, type ReactNode } from 'react';

function isChunkError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk|error loading dynamically|waktu memuat/i.test(
    msg,
  );
}

/** Shown instead of a blank page when a screen's code fails to load or a screen crashes. */
export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkError(error);
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

type BoundaryProps = {
  children: ReactNode;
  /** A change (the next page's path) clears a shown error. */
  resetKey?: string;
};

/** Catches what its children throw while rendering (a screen's chunk failing included): RouteError. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key?: string }> {
  state: { error: unknown; key?: string } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key?: string }) {
    // Leaving the page that failed clears the error.
    if (props.resetKey !== state.key) return { error: null, key: props.resetKey };
    return null;
  }

  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

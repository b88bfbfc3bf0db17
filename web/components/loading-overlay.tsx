import { LogoMark } from './logo.tsx';

/** Shown while a page's code loads: the pulsing logo over the page. */
export function LoadingOverlay() {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <LogoMark size={84} />
      <span className="visually-hidden">Memuat...</span>
    </div>
  );
}

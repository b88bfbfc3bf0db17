import { useDocumentTitle } from '../../components/use-document-title.ts';
import { AboutView } from '../../features/about/components/about-view.tsx';

/** /tentang: who the BEM is, and how to reach it. */
export function Component() {
  useDocumentTitle('Tentang');
  return (
    <div className="container page about-page">
      <h1>Tentang BEM Poltek Nuklir</h1>
      <p className="lead">
        Badan Eksekutif Mahasiswa Politeknik Teknologi Nuklir Indonesia, Yogyakarta.
      </p>
      <AboutView />
    </div>
  );
}

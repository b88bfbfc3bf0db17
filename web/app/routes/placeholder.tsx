import { useDocumentTitle } from '../../components/use-document-title.ts';

/** A screen whose feature has not landed yet: its title and a plain note. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="container page placeholder-page">
      <h1>{title}</h1>
      <p>Halaman ini sedang disiapkan.</p>
    </div>
  );
}

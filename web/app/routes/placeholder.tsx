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

/** Builds a lazy route module for a titled placeholder. */
export const placeholder = (title: string) => ({
  Component: () => <PlaceholderPage title={title} />,
});

import { PlaceholderPage } from './placeholder.tsx';

/** /berita */
export function Component() {
  return <PlaceholderPage title="Berita" />;
}

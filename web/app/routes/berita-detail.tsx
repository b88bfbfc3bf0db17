import { PlaceholderPage } from './placeholder.tsx';

/** /berita/{slug} */
export function Component() {
  return <PlaceholderPage title="Berita" />;
}

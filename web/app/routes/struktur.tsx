import { PlaceholderPage } from './placeholder.tsx';

/** /struktur */
export function Component() {
  return <PlaceholderPage title="Struktur Organisasi" />;
}

import { PlaceholderPage } from './placeholder.tsx';

/** /tentang */
export function Component() {
  return <PlaceholderPage title="Tentang" />;
}

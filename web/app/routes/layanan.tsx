import { PlaceholderPage } from './placeholder.tsx';

/** /layanan */
export function Component() {
  return <PlaceholderPage title="Layanan" />;
}

import { PlaceholderPage } from './placeholder.tsx';

/** / */
export function Component() {
  return <PlaceholderPage title="Beranda" />;
}

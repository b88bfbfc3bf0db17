import { PlaceholderPage } from './placeholder.tsx';

/** /dokumen */
export function Component() {
  return <PlaceholderPage title="Bank Dokumen" />;
}

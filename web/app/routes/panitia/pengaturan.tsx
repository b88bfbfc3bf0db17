import { SettingsPanel } from '../../../features/committee/components/settings-panel.tsx';
import { usePanitia } from './layout.tsx';

/** /panitia/{eventId}/pengaturan */
export function Component() {
  const { overview, canPrepare } = usePanitia();
  return <SettingsPanel overview={overview} canPrepare={canPrepare} />;
}

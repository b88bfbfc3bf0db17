import { OverviewPanel } from '../../../features/committee/components/overview-panel.tsx';
import { usePanitia } from './layout.tsx';

/** /panitia/{eventId}/ringkasan */
export function Component() {
  const { overview, canPrepare } = usePanitia();
  return <OverviewPanel overview={overview} canPrepare={canPrepare} />;
}

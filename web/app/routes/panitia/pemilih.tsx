import { RollPanel } from '../../../features/committee/components/roll-panel.tsx';
import { usePanitia } from './layout.tsx';

/** /panitia/{eventId}/pemilih */
export function Component() {
  const { overview, canPrepare } = usePanitia();
  return <RollPanel overview={overview} canPrepare={canPrepare} />;
}

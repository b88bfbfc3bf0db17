import { RollPanel } from '../../../features/committee/components/roll-panel.tsx';
import { usePanitia } from './layout.tsx';

/** /panitia/{eventId}/pemilih */
export function Component() {
  const { overview } = usePanitia();
  return <RollPanel overview={overview} />;
}

import { CandidatesPanel } from '../../../features/committee/components/candidates-panel.tsx';
import { usePanitia } from './layout.tsx';

/** /panitia/{eventId}/kandidat */
export function Component() {
  const { overview, canPrepare } = usePanitia();
  return <CandidatesPanel overview={overview} canPrepare={canPrepare} />;
}

import { CandidatesPanel } from '../../../features/committee/components/candidates-panel.tsx';
import { usePanitia } from './layout.tsx';

/** /panitia/{eventId}/kandidat */
export function Component() {
  const { overview } = usePanitia();
  return <CandidatesPanel overview={overview} />;
}

import { CeremonyPanel } from '../../../features/trustees/components/ceremony-panel.tsx';
import { usePanitia } from './layout.tsx';

/** /panitia/{eventId}/wali-kunci */
export function Component() {
  const { overview } = usePanitia();
  return <CeremonyPanel id={overview.election.id} />;
}

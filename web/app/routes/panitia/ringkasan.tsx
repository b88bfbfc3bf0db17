import { OverviewPanel } from '../../../features/committee/components/overview-panel.tsx';
import { useDecryption } from '../../../features/trustees/api/trustees.ts';
import { usePanitia } from './layout.tsx';

/** /panitia/{eventId}/ringkasan */
export function Component() {
  const { overview, canPrepare } = usePanitia();
  const { election } = overview;
  // A verifiable election's counts exist only once enough trustees have decrypted the tally.
  const closed = ['closed', 'published'].includes(election.phase) && election.lockedAt !== null;
  const decryption = useDecryption(election.id, closed && election.verifiable);
  const waiting = decryption.data && !decryption.data.resultReady ? decryption.data : null;
  return (
    <OverviewPanel
      overview={overview}
      canPrepare={canPrepare}
      decrypting={
        waiting
          ? {
              threshold: waiting.threshold,
              decrypted: waiting.trustees.filter((t) => t.decrypted).length,
            }
          : null
      }
    />
  );
}

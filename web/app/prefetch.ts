import { footerQueryOptions } from '../features/site/api/get-footer.ts';
import { currentStructureQueryOptions } from '../features/structure/api/structure-queries.ts';
import { queryClient } from '../lib/query-client.ts';

/** How long a screen waits for its first data before it shows without it (with its own loading state). */
export const PREFETCH_WAIT_MS = 1500;

/** `/`: the hero's tagline (site footer) and the cabinet summary just below it. */
const home = () =>
  Promise.all([
    queryClient.prefetchQuery(footerQueryOptions()),
    queryClient.prefetchQuery(currentStructureQueryOptions()),
  ]);

/** The home page's first data, awaited at most PREFETCH_WAIT_MS; never fails. */
export async function homeData(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    home().catch(() => {}),
    new Promise((resolve) => (timer = setTimeout(resolve, PREFETCH_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

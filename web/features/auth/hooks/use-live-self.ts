import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { selfKey } from '../api/get-me.ts';

/**
 * While someone is signed in, listens to the server's live stream of their own records and
 * refetches them on every change (made in another tab, or by an admin). EventSource reconnects by
 * itself; each (re)connection refetches once, in case a change happened while disconnected.
 */
export function useLiveSelf(userId: string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live/me');
    const refresh = () => void qc.invalidateQueries({ queryKey: selfKey });
    source.addEventListener('changed', refresh);
    source.addEventListener('ready', refresh);
    // The server ended the stream for good (the session ended elsewhere): find out who we are now.
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) refresh();
    });
    return () => source.close();
  }, [userId, qc]);
}

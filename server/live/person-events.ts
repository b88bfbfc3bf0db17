import type { Database } from '../db/client.ts';
import type { Logger } from '../runtime/logger.ts';

type Listener = (event: 'changed' | 'closing') => void;

/**
 * Fans PostgreSQL notifications about a person's records (channel `person_changed`, payload the
 * account id) out to that person's open live streams in this process. Every app instance listens,
 * so a change written through any instance reaches every browser.
 */
export class PersonEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private unlisten: (() => Promise<void>) | undefined;

  static async start(database: Database, logger: Logger): Promise<PersonEvents> {
    const hub = new PersonEvents();
    hub.unlisten = await database.listen(
      'person_changed',
      (userId) => {
        logger.debug({ userId }, 'person changed');
        hub.emit(userId, 'changed');
      },
      () => {
        // Changes made while the listening connection was down were missed: everyone refreshes.
        logger.warn('live updates reconnected');
        for (const id of hub.listeners.keys()) hub.emit(id, 'changed');
      },
    );
    return hub;
  }

  /** Calls `listener` on every change to this person's records; returns the unsubscribe function. */
  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  get connections(): number {
    let n = 0;
    for (const s of this.listeners.values()) n += s.size;
    return n;
  }

  private emit(userId: string, event: 'changed' | 'closing') {
    for (const l of this.listeners.get(userId) ?? []) l(event);
  }

  /** Ends every open stream (shutdown) and stops listening. */
  async stop(): Promise<void> {
    for (const set of this.listeners.values()) for (const l of set) l('closing');
    this.listeners.clear();
    await this.unlisten?.();
  }
}

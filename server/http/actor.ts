import type { Context } from 'hono';
import { loadActor, type Actor } from '../auth/actor.ts';
import type { AppEnv } from './context.ts';

// One load per request, whether the guard, the handler or both ask.
const loaded = new WeakMap<Context<AppEnv>, Promise<Actor | null>>();

/** The signed-in person's role records for this request (null when signed out). */
export function actorOf(c: Context<AppEnv>): Promise<Actor | null> {
  let actor = loaded.get(c);
  if (!actor) {
    const user = c.get('user');
    actor = user ? loadActor(c.get('services').database.db, user) : Promise.resolve(null);
    loaded.set(c, actor);
  }
  return actor;
}

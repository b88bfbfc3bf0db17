import type { Context } from 'hono';
import { loadActor, type Actor } from '../policies/actor.ts';
import type { AppEnv } from './context.ts';

/** The signed-in person's role records for this request (null when signed out). */
export async function actorOf(c: Context<AppEnv>): Promise<Actor | null> {
  const user = c.get('user');
  return user ? loadActor(c.get('services').database.db, user) : null;
}

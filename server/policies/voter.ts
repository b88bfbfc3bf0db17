import type { Actor } from './actor.ts';

/** Rules about voter records. A voter edits only their own record. */
export const voterRules = {
  readOwn: (actor: Actor, _subject: null) => actor.voter !== null,
  updateOwn: (actor: Actor, _subject: null) => actor.voter !== null,
};

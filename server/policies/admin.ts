import type { Actor } from './actor.ts';

/** Rules about admin records. An admin edits only their own profile. */
export const adminRules = {
  readOwn: (actor: Actor, _subject: null) => actor.admin !== null,
  updateOwn: (actor: Actor, _subject: null) => actor.admin !== null,
};

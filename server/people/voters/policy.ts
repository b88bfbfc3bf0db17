import type { Actor } from '../../auth/actor.ts';

/** Rules about voter records. A voter edits only their own record; admins verify registrations. */
export const voterRules = {
  readOwn: (actor: Actor, _subject: null) => actor.voter !== null,
  updateOwn: (actor: Actor, _subject: null) => actor.voter !== null,
  /** See registered voters, verify or reject them, import the official student list. */
  verify: (actor: Actor, _subject: null) => actor.admin !== null,
};

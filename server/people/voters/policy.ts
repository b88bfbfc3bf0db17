import type { Actor } from '../../auth/actor.ts';

/** Rules about voter records. A voter edits only their own record; admins verify registrations. */
export const voterRules = {
  readOwn: (actor: Actor, _subject: null) => actor.voter !== null,
  updateOwn: (actor: Actor, _subject: null) => actor.voter !== null,
  /**
   * A signed-in account without a voter record gives its student data (a campus SSO account whose
   * provider sends no NIM, a committee member who is also a student); an admin's account does not
   * become a voter.
   */
  createOwn: (actor: Actor, _subject: null) => actor.voter === null && actor.admin === null,
  /** See registered voters, verify or reject them, import the official student list. */
  verify: (actor: Actor, _subject: null) => actor.admin !== null,
};

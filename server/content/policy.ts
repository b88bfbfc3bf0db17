import type { Actor } from '../auth/actor.ts';

/**
 * Rules about the site's content (news, documents, services, structure, about, site settings,
 * uploads): every admin manages it; nobody else changes anything.
 */
export const contentRules = {
  manage: (actor: Actor, _subject: null) => actor.admin !== null,
};

import { errors } from '../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { adminRules } from '../people/admins/policy.ts';
import { contentRules } from '../content/policy.ts';
import { electionRules } from '../elections/policy.ts';
import { voterRules } from '../people/voters/policy.ts';

/** Every rule by entity and action: (actor, subject) -> allowed. */
const rules = {
  voter: voterRules,
  admin: adminRules,
  election: electionRules,
  content: contentRules,
};

type Rules = typeof rules;
export type Entity = keyof Rules;
export type Action<E extends Entity> = keyof Rules[E] & string;
type Subject<E extends Entity, A extends Action<E>> = Rules[E][A] extends (
  actor: Actor,
  subject: infer S,
) => boolean
  ? S
  : never;

/** True when the actor may do `action` on `subject`. */
export function can<E extends Entity, A extends Action<E>>(
  actor: Actor | null,
  entity: E,
  action: A,
  subject: Subject<E, A>,
): boolean {
  if (!actor) return false;
  const rule = rules[entity][action] as (actor: Actor, subject: Subject<E, A>) => boolean;
  return rule(actor, subject);
}

/** Throws 401 for nobody and 403 for someone not allowed; the one check every handler makes. */
export function authorize<E extends Entity, A extends Action<E>>(
  actor: Actor | null,
  entity: E,
  action: A,
  subject: Subject<E, A>,
): asserts actor is Actor {
  if (!actor) throw errors.unauthenticated();
  if (!can(actor, entity, action, subject)) throw errors.forbidden();
}

import { describe, expect, it } from 'vitest';
import type { Actor, AdminRecord } from '../../auth/actor.ts';
import { committeeAbilities, electionRules, overviewRole, witnessAbilities } from '../policy.ts';
import { canInviteWitness } from '../rules/lifecycle.ts';

const ID = '5d0f6c2a-8b1e-4c3d-9a7f-1e2d3c4b5a69';
const now = new Date('2027-03-01T12:00:00Z');
const draft = {
  id: ID,
  status: 'draft' as const,
  startsAt: new Date(now.getTime() + 86_400_000),
  endsAt: new Date(now.getTime() + 2 * 86_400_000),
  extendedAt: null,
  rollMode: 'roll',
};
const locked = { ...draft, status: 'ready' as const };

const person = (extra: Partial<Actor>): Actor => ({
  user: { id: 'u', email: 'u@x.test', name: 'U' },
  admin: null,
  voter: null,
  committeeOf: [],
  witnessOf: [],
  trusteeOf: [],
  ...extra,
});
const committee = person({ committeeOf: [ID] });
const witness = person({ witnessOf: [ID] });
const master = person({ admin: { role: 'master' } as AdminRecord });
const otherWitness = person({ witnessOf: ['another'] });

describe('witnesses: who reads the overview, who invites', () => {
  it('a witness reads the overview in the role saksi and may do nothing there', () => {
    expect(electionRules.viewOverview(witness, draft)).toBe(true);
    expect(electionRules.viewCommittee(witness, draft)).toBe(false);
    expect(electionRules.prepare(witness, draft)).toBe(false);
    expect(electionRules.publish(witness, draft)).toBe(false);
    expect(overviewRole(witness, draft)).toBe('saksi');
    expect(overviewRole(committee, draft)).toBe('panitia');
    expect(overviewRole(master, draft)).toBe('master');
    expect(overviewRole(otherWitness, draft)).toBeNull();
    for (const e of [draft, locked])
      expect(Object.values(committeeAbilities(witness, e, now)).some(Boolean)).toBe(false);
  });

  it('only the committee invites (a pair with neither witness nor live invitation) and removes a witness, in a draft', () => {
    const free = { witness: false, invitation: false };
    const joined = { witness: true, invitation: false };
    expect(witnessAbilities(committee, draft, free)).toEqual({
      invite: true,
      revoke: false,
      remove: false,
    });
    expect(witnessAbilities(committee, draft, joined)).toEqual({
      invite: false,
      revoke: false,
      remove: true,
    });
    expect(witnessAbilities(committee, draft, { witness: false, invitation: true })).toEqual({
      invite: false,
      revoke: true,
      remove: false,
    });
    expect(witnessAbilities(committee, locked, free).invite).toBe(false);
    expect(witnessAbilities(committee, locked, joined).remove).toBe(false);
    for (const a of [witness, master, null])
      for (const pair of [joined, { witness: false, invitation: true }])
        expect(witnessAbilities(a, draft, pair)).toEqual({
          invite: false,
          revoke: false,
          remove: false,
        });
    expect(canInviteWitness(draft)).toBeNull();
    expect(canInviteWitness(locked)).toMatch(/sudah dikunci/);
    expect(canInviteWitness({ ...draft, status: 'archived' })).toMatch(/diarsipkan/);
  });
});

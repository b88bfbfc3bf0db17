import { describe, expect, it } from 'vitest';
import type { ElectionRow } from './results/election-row.ts';
import type { Actor, AdminRecord, VoterRecord } from '../auth/actor.ts';
import { resultsVisibility } from './policy.ts';

const now = new Date('2027-03-01T12:00:00Z');
const hour = 3_600_000;
const ID = '0b7c6a52-3d8e-4a57-9a4c-2f1a5e7d9c11';

function election(state: string): ElectionRow {
  const base = {
    id: ID,
    status: 'ready',
    startsAt: new Date(now.getTime() - 2 * hour),
    endsAt: new Date(now.getTime() + 2 * hour),
    lockedAt: new Date(now.getTime() - 3 * hour),
    resultsRelease: 'on-close',
    publishedAt: null,
  };
  const closed = { endsAt: new Date(now.getTime() - hour) };
  const states: Record<string, object> = {
    draft: { status: 'draft', lockedAt: null },
    open: {},
    'closed, released on close': closed,
    'closed, released by hand, not yet': { ...closed, resultsRelease: 'manual' },
    'closed, announced': {
      ...closed,
      resultsRelease: 'manual',
      status: 'published',
      publishedAt: new Date(now.getTime() - hour / 2),
    },
    'archived draft': { status: 'archived', lockedAt: null },
  };
  return { ...base, ...states[state] } as unknown as ElectionRow;
}

const person = (extra: Partial<Actor>): Actor => ({
  user: { id: 'u', email: 'u@x.test', name: 'U' },
  admin: null,
  voter: null,
  committeeOf: [],
  witnessOf: [],
  trusteeOf: [],
  ...extra,
});
const actors: Record<string, Actor | null> = {
  anonymous: null,
  voter: person({ voter: {} as VoterRecord }),
  'committee of another election': person({ committeeOf: ['lain'] }),
  committee: person({ committeeOf: [ID] }),
  admin: person({ admin: { role: 'admin' } as AdminRecord }),
};

// What each caller gets, per state: 'counts', or why they are withheld.
const expected: Record<string, Record<string, string>> = {
  draft: {
    anonymous: 'missing',
    voter: 'missing',
    'committee of another election': 'missing',
    committee: 'sealed',
    admin: 'sealed',
  },
  open: {
    anonymous: 'sealed',
    voter: 'sealed',
    'committee of another election': 'sealed',
    committee: 'sealed',
    admin: 'sealed',
  },
  'closed, released on close': {
    anonymous: 'counts',
    voter: 'counts',
    'committee of another election': 'counts',
    committee: 'counts',
    admin: 'counts',
  },
  'closed, released by hand, not yet': {
    anonymous: 'unreleased',
    voter: 'unreleased',
    'committee of another election': 'unreleased',
    committee: 'counts',
    admin: 'counts',
  },
  'closed, announced': {
    anonymous: 'counts',
    voter: 'counts',
    'committee of another election': 'counts',
    committee: 'counts',
    admin: 'counts',
  },
  'archived draft': {
    anonymous: 'missing',
    voter: 'missing',
    'committee of another election': 'missing',
    committee: 'sealed',
    admin: 'sealed',
  },
};

describe('resultsVisibility: who sees the counts per candidate, in every phase', () => {
  for (const [state, byActor] of Object.entries(expected))
    for (const [who, outcome] of Object.entries(byActor))
      it(`${state}: ${who} → ${outcome}`, () => {
        const v = resultsVisibility(actors[who]!, election(state), now);
        expect(v.counts ? 'counts' : v.hidden).toBe(outcome);
        if (!v.counts) expect(v.signedIn).toBe(actors[who] !== null);
      });
});

import type { Actor } from '../../auth/actor.ts';

/** What the signed-in person may do, sent with /api/me so the UI never re-derives roles. */
export type Abilities = {
  isAdmin: boolean;
  isMaster: boolean;
  isVoter: boolean;
  manageAdmins: boolean;
  viewActivity: boolean;
  editVoterProfile: boolean;
  editAdminProfile: boolean;
  /** Decide election requests and oversee every election (master). */
  manageElections: boolean;
  /** Elections whose committee area this person may open. */
  committeeOf: string[];
  /** Elections this person is a witness (saksi) of: their overview, read-only. */
  witnessOf: string[];
};

export function abilitiesOf(actor: Actor | null): Abilities {
  const isAdmin = Boolean(actor?.admin);
  const isMaster = actor?.admin?.role === 'master';
  const isVoter = Boolean(actor?.voter);
  return {
    isAdmin,
    isMaster,
    isVoter,
    manageAdmins: isMaster,
    viewActivity: isAdmin,
    editVoterProfile: isVoter,
    editAdminProfile: isAdmin,
    manageElections: isMaster,
    committeeOf: actor?.committeeOf ?? [],
    witnessOf: actor?.witnessOf ?? [],
  };
}

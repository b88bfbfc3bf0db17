/** What decides where a person lands: the abilities /api/me sends (server/people/me/abilities.ts). */
export type LandingAbilities = {
  isAdmin: boolean;
  isVoter: boolean;
  committeeOf: string[];
  witnessOf: string[];
};

/** Where a person lands after signing in, by role (interface.md). */
export function landingPath(abilities: LandingAbilities): string {
  if (abilities.isAdmin) return '/admin';
  // A witness reads the same area (its overview), with nothing to change.
  const committee = abilities.committeeOf[0] ?? abilities.witnessOf[0];
  if (committee) return `/panitia/${committee}`;
  if (abilities.isVoter) return '/dashboard-pemilih';
  return '/';
}

import { PRODI, type Prodi } from '../../shared/people.ts';

/** The campus OpenID Connect provider, as the environment configures it (docs/OPERATIONS.md). */
export type CampusSso = {
  /** Exactly the provider's `issuer`; its discovery document must say the same. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's text. */
  label: string;
  /** The claim (ID token or userinfo) that carries the student's NIM. */
  nimClaim: string;
  /** The claim that carries the study programme. */
  prodiClaim: string;
  /** The provider's programme values (lower-cased) to ours; our own names are understood as well. */
  prodiMap: Map<string, Prodi>;
  /** Allowed email domains (lower-case); empty: any address the provider vouches for. */
  emailDomains: string[];
  /** Whether a NIM the provider vouches for verifies the voter at once. */
  autoVerify: boolean;
  scopes: string[];
};

const byName = new Map(PRODI.map((p) => [p.toLowerCase(), p]));

/**
 * `OIDC_PRODI_MAP`: `provider value=Program Studi` pairs separated by `;`, for example
 * `TKN=Teknokimia Nuklir;EI=Elektronika Instrumentasi`. Each right side must be one of ours.
 */
export function parseProdiMap(text: string): { map: Map<string, Prodi> } | { invalid: string } {
  const map = new Map<string, Prodi>();
  for (const pair of text.split(';')) {
    if (!pair.trim()) continue;
    const at = pair.indexOf('=');
    const key = at > 0 ? pair.slice(0, at).trim().toLowerCase() : '';
    const prodi =
      at > 0
        ? byName.get(
            pair
              .slice(at + 1)
              .trim()
              .toLowerCase(),
          )
        : undefined;
    if (!key || !prodi) {
      return {
        invalid: `harus berupa pasangan nilai=Program Studi dipisah titik koma; Program Studi salah satu dari ${PRODI.join(', ')}`,
      };
    }
    map.set(key, prodi);
  }
  return { map };
}

/** Our programme for the provider's value, or null when it names none of ours. */
export function prodiOf(config: CampusSso, value: unknown): Prodi | null {
  if (typeof value !== 'string') return null;
  const key = value.trim().toLowerCase();
  return config.prodiMap.get(key) ?? byName.get(key) ?? null;
}

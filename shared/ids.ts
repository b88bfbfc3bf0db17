import { z } from './validation.ts';

// A UUID in any spelling people or programs send: any case, with or without hyphens, braces or a
// urn:uuid: prefix. Everything that names a row by UUID is read through canonicalUuid, so one row
// has one spelling everywhere (a digest over an id spelt differently would not match).
const SPELLINGS =
  /^(?:urn:uuid:)?(\{)?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})(\})?$/i;

/** The canonical (lower-case, hyphenated) form of a UUID, or undefined if it is not one. */
export function canonicalUuid(input: string): string | undefined {
  const m = SPELLINGS.exec(input.trim());
  if (!m || Boolean(m[1]) !== Boolean(m[7])) return undefined;
  return `${m[2]}-${m[3]}-${m[4]}-${m[5]}-${m[6]}`.toLowerCase();
}

/** The accepted spellings as a flag-free pattern (what the OpenAPI document publishes). */
export const UUID_SPELLING_PATTERN =
  /^(?:urn:uuid:)?\{?[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}\}?$/;

/** A schema that reads a UUID in any spelling and yields its canonical form, or refuses it. */
export function uuidSchema(message: string) {
  return z
    .string({ error: message })
    .regex(UUID_SPELLING_PATTERN, { error: message })
    .transform((value, ctx) => {
      const canonical = canonicalUuid(value);
      if (canonical === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return canonical;
    });
}

import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { systemSettings } from './schema/index.ts';

/**
 * The secret that signs session cookies. Kept in the database so every app instance on one
 * database shares it without extra configuration; AUTH_SECRET overrides it.
 */
export async function loadAuthSecret(db: Db): Promise<string> {
  await db
    .insert(systemSettings)
    .values({ key: 'auth_secret', value: crypto.randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, 'auth_secret'));
  if (!row) throw new Error('auth secret missing');
  return row.value;
}

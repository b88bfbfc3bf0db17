import { hashesIn, releaseFiles } from '../../files/release.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  aboutSettingsSchema,
  DEFAULT_ABOUT,
  DEFAULT_FOOTER,
  DEFAULT_SECURITY,
  footerSettingsSchema,
  securitySettingsSchema,
  type SecuritySettings,
  uploadedLogoHash,
  type AboutSettings,
  type FooterSettings,
  type SiteSettingKey,
} from '../../../shared/site.ts';
import { appendAudit } from '../../audit/append-audit.ts';
import { auditActor } from '../../audit/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import { files, siteSettings } from '../../db/schema/index.ts';
import { ApiError, type FieldErrors } from '../../http/errors.ts';
import type { Actor } from '../../auth/actor.ts';

type Setting = {
  footer: FooterSettings;
  about: AboutSettings;
  security: SecuritySettings;
};

const known: { [K in SiteSettingKey]: { schema: z.ZodType<Setting[K]>; fallback: Setting[K] } } = {
  footer: { schema: footerSettingsSchema, fallback: DEFAULT_FOOTER },
  about: { schema: aboutSettingsSchema, fallback: DEFAULT_ABOUT },
  security: { schema: securitySettingsSchema, fallback: DEFAULT_SECURITY },
};

const titles: Record<SiteSettingKey, string> = {
  footer: 'footer situs',
  about: 'halaman Tentang',
  security: 'pengaturan keamanan admin (2FA dan passkey)',
};

/** A setting as stored, or its defaults until an admin saves it (or when what is stored no longer fits). */
export async function readSetting<K extends SiteSettingKey>(db: Db, key: K): Promise<Setting[K]> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
  const parsed = row ? known[key].schema.safeParse(row.value) : undefined;
  return parsed?.success ? parsed.data : known[key].fallback;
}

/** Supporter logos uploaded through the form must be stored images. */
async function checkFooter(db: Db, footer: FooterSettings) {
  const wanted = footer.supporters.map((s) => uploadedLogoHash(s.logo));
  const hashes = [...new Set(wanted.filter((h): h is string => h !== null))];
  if (!hashes.length) return;
  const images = await db
    .select({ hash: files.hash })
    .from(files)
    .where(and(inArray(files.hash, hashes), eq(files.kind, 'image')))
    .then((rows) => new Set(rows.map((r) => r.hash)));
  const fields: FieldErrors = {};
  wanted.forEach((hash, i) => {
    if (hash && !images.has(hash))
      fields[`supporters.${i}.logo`] = 'Logo tidak ditemukan. Unggah ulang logonya.';
  });
  const first = Object.values(fields)[0];
  if (first) throw new ApiError(400, 'VALIDATION_ERROR', first, fields);
}

/** Saves a setting (already validated) with its audit entry, in one transaction. */
export async function saveSetting<K extends SiteSettingKey>(
  db: Db,
  actor: Actor,
  key: K,
  value: Setting[K],
): Promise<Setting[K]> {
  if (key === 'footer') await checkFooter(db, value as FooterSettings);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, key))
      .for('update');
    await tx
      .insert(siteSettings)
      .values({ key, value, updatedBy: actor.user.id })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value, updatedBy: actor.user.id, updatedAt: new Date() },
      });
    // A logo taken off the footer is gone unless other content uses the same bytes.
    if (before) await releaseFiles(tx, hashesIn(JSON.stringify(before.value)));
    await appendAudit(tx, {
      ...auditActor(actor),
      action: 'site-settings.updated',
      entityType: 'site-settings',
      entityId: key,
      summary: `Mengubah ${titles[key]}`,
    });
  });
  return value;
}

import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { DEFAULT_FOOTER, footerSettingsSchema } from '../../../shared/site.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { createRouter } from '../../http/router.ts';

export const getFooter = createRoute({
  method: 'get',
  path: '/site/footer',
  tags: ['Situs'],
  summary: "The footer's texts and links (defaults until an admin changes them)",
  responses: {
    200: {
      description: 'Footer settings',
      content: { 'application/json': { schema: footerSettingsSchema } },
    },
  },
});

export const siteRouter = createRouter().openapi(getFooter, async (c) => {
  const db = c.get('services').database.db;
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'footer'));
  const stored = row ? footerSettingsSchema.safeParse(row.value) : undefined;
  c.header('Cache-Control', 'public, max-age=60');
  return c.json(stored?.success ? stored.data : DEFAULT_FOOTER, 200);
});

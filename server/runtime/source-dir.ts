import { fileURLToPath } from 'node:url';

/**
 * True when this code runs from the one-file build `npm start` makes (dist/server/main.mjs, see
 * scripts/build-server.ts) instead of from its TypeScript sources.
 */
export const bundled = import.meta.url.endsWith('.mjs');

/** The source tree's server/ folder (the migrations live there), from either place. */
export const serverDir = fileURLToPath(new URL(bundled ? '../../server/' : '../', import.meta.url));

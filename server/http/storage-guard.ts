import type { MiddlewareHandler } from 'hono';
import { lowDiskSpace, PGLITE_FREE_SPACE_FLOOR } from '../db/data-dir.ts';
import type { AppEnv, Services } from './context.ts';
import { errorResponse, STORAGE_FULL_MESSAGE } from './errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * On the embedded database, refuses API writes with a clear 503 while DATA_DIR's disk is almost
 * full (see PGLITE_FREE_SPACE_FLOOR): nothing is written, and once there is room again the same
 * process takes them, without a restart. Reads are still served.
 */
export function storageGuard(services: Services): MiddlewareHandler<AppEnv> {
  if (services.database.kind !== 'pglite') return (_c, next) => next();
  const low = lowDiskSpace(services.env.dataDir, PGLITE_FREE_SPACE_FLOOR);
  let reported = false;
  return async (c, next) => {
    if (READS.has(c.req.method)) return next();
    if (!low()) {
      reported = false;
      return next();
    }
    if (!reported) {
      reported = true;
      services.logger.error(
        { dataDir: services.env.dataDir, floorBytes: PGLITE_FREE_SPACE_FLOOR },
        'disk almost full: writes refused until space is freed',
      );
    }
    c.header('Retry-After', '60');
    return errorResponse(c, 503, 'STORAGE_FULL', STORAGE_FULL_MESSAGE);
  };
}

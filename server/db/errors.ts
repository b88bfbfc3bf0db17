/** True when a database error is a unique violation on the named constraint or index. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const pgErr = e as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (
      pgErr.code === '23505' &&
      (pgErr.constraint === constraint || pgErr.message?.includes(constraint))
    )
      return true;
    e = pgErr.cause;
  }
  return false;
}

/** PostgreSQL error codes we turn into client errors (same codes from PGlite and node-postgres). */
const codeOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === 'string') return direct;
  // Drizzle wraps driver errors in a DrizzleQueryError whose `cause` is the driver's error.
  return codeOf((error as { cause?: unknown }).cause);
};

export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => codeOf(error) === '23503';
export const isCheckViolation = (error: unknown) => codeOf(error) === '23514';

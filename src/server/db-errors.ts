/** PostgreSQL error codes we turn into client errors (same codes from PGlite and node-postgres). */
const codeOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === 'string') return direct;
  // Drizzle wraps driver errors in a DrizzleQueryError whose `cause` is the driver's error.
  return codeOf((error as { cause?: unknown }).cause);
};

export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505';
/** 23503 foreign_key_violation; 23001 restrict_violation, raised by deletes of ON DELETE RESTRICT parents. */
export const isForeignKeyViolation = (error: unknown) => {
  const code = codeOf(error);
  return code === '23503' || code === '23001';
};
export const isCheckViolation = (error: unknown) => codeOf(error) === '23514';

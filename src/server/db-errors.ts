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

/**
 * The database cannot be reached or dropped the connection: socket errors, PostgreSQL's
 * connection-exception class (08…), the server shutting down or terminating the session (57P01–57P03),
 * too many connections (53300), and node-postgres's own connect timeout / lost-connection errors.
 * These are the shop being unavailable, not a bug: they answer 503 and the pool reconnects by itself.
 */
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended',
];
export function isDatabaseUnavailable(error: unknown): boolean {
  return someError(error, ({ code, message }) => {
    if (typeof code === 'string') {
      if (unavailableCodes.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') {
        return true;
      }
    }
    return typeof message === 'string' && unavailableMessages.some((text) => message.includes(text));
  });
}

/**
 * Whether `error` or an error it wraps passes `test`: drizzle's wrapper keeps the driver's error in
 * `cause`, an AggregateError (several addresses refused) its errors in `errors`.
 */
export function someError(error: unknown, test: (error: { code?: unknown; message?: unknown }) => boolean, depth = 0) {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (test(error as { code?: unknown; message?: unknown })) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((inner) => someError(inner, test, depth + 1))) return true;
  return someError(cause, test, depth + 1);
}

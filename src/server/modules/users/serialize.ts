import type { User } from '../../../contract/types.js';
import type { users } from '../../../db/schema.js';

/** The public shape of a user: never the hash or token version. */
export function serializeUser(user: typeof users.$inferSelect): User {
  const id = user.id;
  return {
    _id: id,
    id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

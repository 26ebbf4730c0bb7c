/*
 * Who works in the admin (docs/staff.md), for the server's guards and the web's alike; no zod here,
 * so the web's bundles may import it (tests/unit/web-bundle*.test.ts).
 */

/** Whether a role works in the admin: an admin (everything) or staff (orders and the catalogue). */
export const isStaffRole = (role: string): boolean => role === 'admin' || role === 'staff';

/** Where someone of the admin lands: the dashboard for admins, the orders for staff (no money figures). */
export const adminHome = (role: string): string => (role === 'admin' ? '/admin' : '/admin/allorders');

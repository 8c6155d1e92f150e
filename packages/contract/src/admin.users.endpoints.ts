import { adminEndpoints, type AdminRoles, type OperatorRole } from './admin.roles.ts';

/** Every operator reads accounts: finance for money, moderators for conduct, support for whoever writes in. */
export const USER_READERS = ['finance', 'moderator', 'support'] as const satisfies AdminRoles;

/**
 * Roles that see a user's e-mail address and phone number in full (owners too). Support must match
 * the person writing in to the account; finance and moderators act on accounts, not on people, so
 * they see both masked, as the user's own profile shows them, and find a user by a contact only when
 * they type all of it.
 */
export const CONTACT_READERS = ['support'] as const satisfies AdminRoles;

export const seesContacts = (role: OperatorRole) =>
  role === 'owner' || (CONTACT_READERS as readonly OperatorRole[]).includes(role);

/** The console's users: finding an account, then its figures and its history. */
export const adminUsersEndpoints = adminEndpoints({
  search: { method: 'GET', path: '/admin/users/search', auth: false, mutates: false, roles: USER_READERS },
  detail: { method: 'GET', path: '/admin/users/detail', auth: false, mutates: false, roles: USER_READERS },
  ledger: { method: 'GET', path: '/admin/users/ledger', auth: false, mutates: false, roles: USER_READERS },
  tasks: { method: 'GET', path: '/admin/users/tasks', auth: false, mutates: false, roles: USER_READERS },
  works: { method: 'GET', path: '/admin/users/works', auth: false, mutates: false, roles: USER_READERS },
  reports: { method: 'GET', path: '/admin/users/reports', auth: false, mutates: false, roles: USER_READERS },
});

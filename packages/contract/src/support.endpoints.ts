import { adminEndpoints } from './admin.roles.ts';
import { endpoints } from './route.ts';

export const supportEndpoints = endpoints({
  create: { method: 'POST', path: '/support/create', auth: true, mutates: true },
  list: { method: 'GET', path: '/support/list', auth: true, mutates: false },
  detail: { method: 'GET', path: '/support/detail', auth: true, mutates: false },
  /** Reading a ticket changes nothing; the app says it was opened here, which clears its unread flag. */
  markRead: { method: 'POST', path: '/support/read', auth: true, mutates: true },
  reply: { method: 'POST', path: '/support/reply', auth: true, mutates: true },
});

/** The operator's calls: the admin token (the CLI) or an operator's session with the support role. */
export const supportAdminEndpoints = adminEndpoints({
  list: { method: 'GET', path: '/admin/support/list', auth: false, mutates: false, roles: ['support'] },
  counts: { method: 'GET', path: '/admin/support/counts', auth: false, mutates: false, roles: ['support'] },
  detail: { method: 'GET', path: '/admin/support/detail', auth: false, mutates: false, roles: ['support'] },
  reply: { method: 'POST', path: '/admin/support/reply', auth: false, mutates: true, roles: ['support'] },
  close: { method: 'POST', path: '/admin/support/close', auth: false, mutates: true, roles: ['support'] },
});

export const ADMIN_TOKEN_HEADER = 'x-admin-token';

import { adminEndpoints, ANY_OPERATOR } from './admin.roles.ts';

/**
 * The console's own calls: an operator's state and second factor, the operators, the audit trail.
 * The console's other pages use each feature's admin calls (billing, community, support, system).
 */
export const adminConsoleEndpoints = adminEndpoints({
  me: { method: 'GET', path: '/admin/me', auth: false, mutates: false, roles: ANY_OPERATOR, beforeSecondFactor: true },
  totpEnrol: {
    method: 'POST',
    path: '/admin/totp/enrol',
    auth: false,
    mutates: true,
    roles: ANY_OPERATOR,
    beforeSecondFactor: true,
  },
  totpConfirm: {
    method: 'POST',
    path: '/admin/totp/confirm',
    auth: false,
    mutates: true,
    roles: ANY_OPERATOR,
    beforeSecondFactor: true,
  },
  totpVerify: {
    method: 'POST',
    path: '/admin/totp/verify',
    auth: false,
    mutates: true,
    roles: ANY_OPERATOR,
    beforeSecondFactor: true,
  },
  operators: { method: 'GET', path: '/admin/operators/list', auth: false, mutates: false, roles: ['owner'] },
  operatorGrant: { method: 'POST', path: '/admin/operators/grant', auth: false, mutates: true, roles: ['owner'] },
  operatorRevoke: { method: 'POST', path: '/admin/operators/revoke', auth: false, mutates: true, roles: ['owner'] },
  operatorReset: {
    method: 'POST',
    path: '/admin/operators/reset-second-factor',
    auth: false,
    mutates: true,
    roles: ['owner'],
  },
  audit: { method: 'GET', path: '/admin/audit/list', auth: false, mutates: false, roles: ANY_OPERATOR },
  auditExport: { method: 'GET', path: '/admin/audit/export', auth: false, mutates: false, roles: ANY_OPERATOR },
});

/** What an audit row calls an admin action: its route's path under /admin (`credits/grant`). */
export const auditActionOf = (path: string) => path.replace(/^\/admin\//, '');

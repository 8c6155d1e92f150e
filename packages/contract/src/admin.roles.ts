import type { Endpoint, RouteDef } from './route.ts';

/**
 * Who runs the service. `owner` may do everything and alone manages operators; the others each
 * hold one part of the business.
 */
export const OPERATOR_ROLES = ['owner', 'finance', 'moderator', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The roles a route allows besides `owner` (always allowed): at least one, so none is forgotten. */
export type AdminRoles = readonly [OperatorRole, ...OperatorRole[]];

/** Every operator, whatever the role (reading their own state, the audit trail). */
export const ANY_OPERATOR = ['finance', 'moderator', 'support'] as const satisfies AdminRoles;

/**
 * An operator's call: besides its endpoint it names the roles allowed to make it. Token calls (the
 * CLI, automation) act as `owner`. `auth` is false: the admin scope checks the token or the
 * operator's session itself.
 */
export interface AdminEndpoint extends Endpoint {
  auth: false;
  roles: AdminRoles;
  /**
   * Calls an operator makes on the way into the console, before the second factor is passed (their
   * own state, enrolling and checking the code). Every other call needs it.
   */
  beforeSecondFactor?: true;
}

/** One admin route: its endpoint with its roles, inputs and response. */
export type AdminRouteDef = RouteDef & { roles: AdminRoles; auth: false };

/** Keeps literal methods and paths, and refuses an endpoint that names no roles. */
export const adminEndpoints = <const T extends Record<string, AdminEndpoint>>(defs: T): T => defs;

export function roleAllows(role: OperatorRole, roles: readonly OperatorRole[]): boolean {
  return role === 'owner' || roles.includes(role);
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_TOKEN_HEADER, auditActionOf, roleAllows, SESSION_COOKIE } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import type { AuditTrail } from '../../shared/audit.ts';
import { sessionIdOf } from '../identity/index.ts';
import type { AdminGuard } from './admin-guard.ts';
import type { OperatorsService } from './operators.service.ts';

/** How the audit trail names the admin token (the CLI and automation), which acts as owner. */
const TOKEN_ACTOR = 'admin token';

/**
 * Decides every admin call on the matched route, before its body is read: the admin token (as
 * owner), or a signed-in operator whose role the route allows and who has passed the second factor.
 * Then gives the request its operator and its audit writer.
 */
export function createAdminAccess(deps: { guard: AdminGuard; operators: OperatorsService; trail: AuditTrail }) {
  return async function check(req: FastifyRequest, reply: FastifyReply) {
    const config = req.routeOptions.config;
    if (!req.routeOptions.url) return; // nothing matched: the 404 answers
    const roles = config.roles;
    if (!roles) throw new Error(`admin route ${req.routeOptions.url} names no roles`);
    const action = auditActionOf(req.routeOptions.url.replace(/^\/turing/, ''));
    const given = req.headers[ADMIN_TOKEN_HEADER];
    // A call with neither a token nor a session cookie is the CLI or a script without its token.
    if (given !== undefined || !req.cookies[SESSION_COOKIE]) {
      try {
        await deps.guard.check(req.ip, given);
      } catch (err) {
        if (err instanceof AppError && (err.code === 'ADMIN_TOKEN_LOCKED' || err.code === 'ADMIN_TOKEN_INVALID')) {
          const locked = err.code === 'ADMIN_TOKEN_LOCKED';
          req.log.warn(
            { ip: req.ip, path: req.routeOptions.url, tokenSent: typeof given === 'string' && given !== '', locked },
            locked ? 'wrong admin token: address throttled' : 'wrong admin token',
          );
          if (locked) reply.header('retry-after', String(err.params.seconds));
        }
        throw err;
      }
      req.operator = {
        userId: null,
        name: TOKEN_ACTOR,
        role: 'owner',
        via: 'token',
        ip: req.ip,
        requestId: req.id,
        action,
      };
    } else {
      // The console's session ended: the app asks the operator to sign in again.
      if (!req.user) throw new AppError('SESSION_EXPIRED');
      const access = await deps.operators.access(req.user.id, req.sessionToken ? sessionIdOf(req.sessionToken) : null);
      if (!access || !roleAllows(access.role, roles)) throw new AppError('ADMIN_FORBIDDEN');
      if (!config.beforeSecondFactor) {
        if (access.enrolled && !access.passed) throw new AppError('ADMIN_SECOND_FACTOR');
        if (!access.enrolled && deps.operators.secondFactorRequired) throw new AppError('ADMIN_ENROL_REQUIRED');
      }
      req.operator = {
        userId: req.user.id,
        name: req.user.username,
        role: access.role,
        via: 'session',
        ip: req.ip,
        requestId: req.id,
        action,
      };
    }
    const actor = req.operator;
    req.audit = async (tx, change) => {
      await deps.trail.append(tx, actor, change);
      req.audited = true;
    };
  };
}
export type AdminAccess = ReturnType<typeof createAdminAccess>;

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminConsoleRoutes } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import { defineAdminDownload, defineAdminRoute, operatorOf } from '../../shared/define-admin-route.ts';
import { localeFrom } from '../../shared/locale.ts';
import { sessionIdOf } from '../identity/index.ts';
import type { AuditService } from './audit.service.ts';
import type { OperatorsService } from './operators.service.ts';

/** The console's own calls: the operator's second factor, the operators, the audit trail. */
export async function adminConsoleModule(
  app: FastifyInstance,
  opts: { operators: OperatorsService; audit: AuditService },
) {
  const { operators } = opts;
  const sessionOf = (token: string | null) => (token ? sessionIdOf(token) : null);

  defineAdminRoute(app, adminConsoleRoutes.me, async (req) =>
    operators.me(operatorOf(req), sessionOf(req.sessionToken)),
  );

  defineAdminRoute(app, adminConsoleRoutes.totpEnrol, async (req) => {
    const actor = operatorOf(req);
    const access = actor.userId ? await operators.access(actor.userId, sessionOf(req.sessionToken)) : null;
    if (!access)
      return operators.enrol(actor, { role: actor.role, enrolled: false, passed: false, recovery: 0 }, req.audit);
    return operators.enrol(actor, access, req.audit);
  });

  // A wrong code is worth an operator's attention: someone may hold their password.
  const noted = async <T>(req: FastifyRequest, work: Promise<T>) =>
    work.catch((err: unknown) => {
      if (err instanceof AppError && (err.code === 'TOTP_INVALID' || err.code === 'TOTP_LOCKED')) {
        req.log.warn({ operator: operatorOf(req).userId, ip: req.ip, code: err.code }, 'wrong second-factor code');
      }
      throw err;
    });

  defineAdminRoute(app, adminConsoleRoutes.totpConfirm, async (req) =>
    noted(req, operators.confirm(operatorOf(req), sessionOf(req.sessionToken), req.body.code, req.audit)),
  );

  defineAdminRoute(app, adminConsoleRoutes.totpVerify, async (req) =>
    noted(req, operators.verify(operatorOf(req), sessionOf(req.sessionToken), req.body.code, req.audit)),
  );

  defineAdminRoute(app, adminConsoleRoutes.operators, async () => operators.list());

  defineAdminRoute(app, adminConsoleRoutes.operatorGrant, async (req) =>
    operators.grant(req.body.user, req.body.role, operatorOf(req), req.audit),
  );

  defineAdminRoute(app, adminConsoleRoutes.operatorRevoke, async (req) => operators.revoke(req.body.user, req.audit));

  defineAdminRoute(app, adminConsoleRoutes.operatorReset, async (req) =>
    operators.resetSecondFactor(req.body.user, req.audit),
  );

  defineAdminRoute(app, adminConsoleRoutes.audit, async (req) => opts.audit.list(req.query));

  defineAdminDownload(app, adminConsoleRoutes.auditExport, async (req) => ({
    filename: `audit-${new Date().toISOString().slice(0, 10)}.csv`,
    type: 'text/csv; charset=utf-8',
    body: await opts.audit.csv(req.query, localeFrom(req.headers['accept-language'])),
  }));
}

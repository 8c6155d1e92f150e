import { adminConsoleRoutes, OPERATOR_ROLES, type OperatorRole } from '@turing/contract';
import type { AdminClient } from '../../shared/admin-client.ts';
import { table } from '../../shared/admin-format.ts';

export const OPERATORS_HELP = `  operator:grant <user> <role>     Makes an account an operator of the web console, or
                                   changes its role (owner, finance, moderator, support).
                                   The first owner is made this way; owners then manage
                                   operators in the console (#/admin/operators)
  operator:revoke <user>           Ends an account's operator role (never the last owner's)
  operator:reset-2fa <user>        Removes an operator's authenticator app (a lost phone):
                                   they set up a new one at their next visit
  operator:list                    Lists the operators and their roles
`;

export function operatorsCommands(
  rest: string[],
  usage: (message: string) => never,
): Record<string, (client: AdminClient) => Promise<string>> {
  const user = (command: string) => rest[0] ?? usage(`${command} needs a user (username, e-mail, +phone or id).`);
  return {
    'operator:grant': async (client) => {
      const who = user('operator:grant');
      const role = rest[1] as OperatorRole | undefined;
      if (!role || !OPERATOR_ROLES.includes(role)) usage(`operator:grant needs a role: ${OPERATOR_ROLES.join(', ')}.`);
      const op = await client.call(adminConsoleRoutes.operatorGrant, { body: { user: who, role: role! } });
      return `${op.username} is now an operator (${op.role}). They sign in as usual and open #/admin${op.secondFactor ? '' : '; the console asks them to set up an authenticator app'}.`;
    },
    'operator:revoke': async (client) => {
      const gone = await client.call(adminConsoleRoutes.operatorRevoke, { body: { user: user('operator:revoke') } });
      return `${gone.username} is no longer an operator.`;
    },
    'operator:reset-2fa': async (client) => {
      const op = await client.call(adminConsoleRoutes.operatorReset, { body: { user: user('operator:reset-2fa') } });
      return `${op.username}'s authenticator was removed: they set up a new one at their next visit to the console.`;
    },
    'operator:list': async (client) => {
      const ops = await client.call(adminConsoleRoutes.operators);
      if (!ops.length)
        return 'No operators yet. Make the first owner with: npm run admin -- operator:grant <user> owner';
      return table(
        ['USER', 'ROLE', '2FA', 'GRANTED BY', 'SINCE'],
        ops.map((o) => [
          o.username,
          o.role,
          o.secondFactor ? 'yes' : 'no',
          o.grantedBy ?? '',
          o.createdAt.slice(0, 10),
        ]),
        [24, 10, 4, 24, 10],
      );
    },
  };
}

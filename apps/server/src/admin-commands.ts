/**
 * The operator's commands behind `npm run admin -- <command>` (admin.ts). They talk to a running
 * server over its admin API, so they work the same against PGlite and PostgreSQL and never open
 * the database.
 */
import { parseArgs } from 'node:util';
import { PAGE_LIMIT, TICKET_STATUSES, type AdminTicketSummary, type WorkReport } from '@turing/contract';
import { loadConfig } from './config.ts';
import { adminTokenFile, readToken } from './modules/admin/admin-token.ts';
import { CliError, createAdminClient } from './shared/admin-client.ts';
import { formatList, formatReports, formatTicket } from './shared/admin-format.ts';
import { CATALOGUE_HELP, CATALOGUE_OPTIONS, catalogueCommands } from './modules/billing/catalogue.cli.ts';
import { CODES_HELP, CODES_OPTIONS, codesCommands } from './modules/billing/codes.cli.ts';
import { ORDERS_HELP, ORDERS_OPTIONS, ordersCommands } from './modules/billing/orders.cli.ts';
import { ENGINES_HELP, enginesCommands } from './modules/system/engines.cli.ts';
import { OPERATORS_HELP, operatorsCommands } from './modules/admin/operators.cli.ts';

const HELP = `Turing Design admin

Usage: npm run admin -- <command> [arguments] [options]

Commands:
  help                             Shows this text
  support:list [--status S]        Lists support tickets, latest activity first
               [--limit N]         (S: open (default), answered, closed or all),
               [--cursor C]        N per page (default 20, at most 100); the next page
               [--all]             is named by the cursor printed under the list;
                                   --all prints every page
  support:show <id>                Shows one ticket with its conversation
  support:reply <id> <message...>  Answers as support; the ticket becomes "answered"
                                   and the user is told by e-mail
  support:close <id>               Closes a ticket (a new user message opens it again)
  credits:grant <user> <cubes>     Adds cubes to an account through the ledger (negative
               [--note TEXT]       takes back, never below zero). <user> is a username,
               [--key KEY]         e-mail, phone (+country code) or user id; --key makes
                                   a repeated command change nothing (e.g. a ticket id)
${ORDERS_HELP}${CATALOGUE_HELP}${CODES_HELP}  community:reports [--status S]   Lists reported works, oldest first (S: open (default),
               [--limit N]         resolved, dismissed or all); pages as support:list does;
               [--cursor C]        --all prints every page
               [--all]
  community:hide <workId>          Hides a work from every listing (its page says it was
               [--reason TEXT]     hidden) and resolves its open reports
  community:restore <workId>       Publishes a hidden work again
  user:suspend <user>              Suspends an account: signed out everywhere, cannot sign
                                   in, works and home page leave the community. <user> as
                                   for credits:grant
  user:unsuspend <user>            Lifts a suspension
${ENGINES_HELP}${OPERATORS_HELP}
Options:
  --url <url>      The server (default http://127.0.0.1:<PORT or 8080>)
  --token <token>  The admin token (default ADMIN_TOKEN, else the file <DATA_DIR>/admin-token
                   that the server writes at its first start)
`;

/** Wrong usage: the help follows the message and the exit code is 2. */
class UsageError extends Error {}

const STATUS_FILTERS = [...TICKET_STATUSES, 'all'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

async function run(argv: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        // No default: each list has its own (support and reports: open; codes: all).
        status: { type: 'string' },
        limit: { type: 'string' },
        cursor: { type: 'string' },
        all: { type: 'boolean' },
        note: { type: 'string' },
        key: { type: 'string' },
        reason: { type: 'string' },
        ...CATALOGUE_OPTIONS,
        ...CODES_OPTIONS,
        ...ORDERS_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [command = 'help', ...rest] = positionals;
  if (values.help || command === 'help') return HELP;

  const id = () => {
    const value = rest[0];
    if (!value) throw new UsageError(`${command} needs a ticket id (see support:list).`);
    return value;
  };
  const commands: Record<string, (client: ReturnType<typeof createAdminClient>, url: string) => Promise<string>> = {
    'support:list': async (client) => {
      const status = (values.status ?? 'open') as StatusFilter;
      if (!STATUS_FILTERS.includes(status))
        throw new UsageError(`--status must be one of ${STATUS_FILTERS.join(', ')}.`);
      const limit = values.limit === undefined ? PAGE_LIMIT.default : Number(values.limit);
      if (!Number.isInteger(limit) || limit < PAGE_LIMIT.min || limit > PAGE_LIMIT.max)
        throw new UsageError(`--limit must be a whole number from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}.`);
      if (values.all) {
        const tickets: AdminTicketSummary[] = [];
        let cursor: string | undefined = values.cursor;
        do {
          const page = await client.list(status, { cursor, limit: PAGE_LIMIT.max });
          tickets.push(...page.items);
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return formatList(tickets, status);
      }
      const page = await client.list(status, { cursor: values.cursor, limit });
      const more = page.nextCursor
        ? `Next page: npm run admin -- support:list --status ${status} --limit ${limit} --cursor ${page.nextCursor}\nEvery ticket at once: npm run admin -- support:list --status ${status} --all`
        : null;
      return formatList(page.items, status, more);
    },
    'support:show': async (client, url) => formatTicket(await client.show(id()), url),
    'support:reply': async (client, url) => {
      const ticketId = id();
      const message = rest.slice(1).join(' ').trim();
      if (!message) throw new UsageError('support:reply needs the message after the ticket id.');
      const ticket = await client.reply(ticketId, message);
      const notice = ticket.emailed
        ? `The user was told by e-mail at ${ticket.contactEmail}.`
        : 'No e-mail went out (no mail service is configured, or delivery failed): the user sees the reply in the app.';
      return `Reply saved; the ticket is now "${ticket.status}". ${notice}\n\n${formatTicket(ticket, url)}`;
    },
    'support:close': async (client) => {
      const ticket = await client.close(id());
      return `Ticket ${ticket.id} ("${ticket.subject}") is closed.`;
    },
  };
  commands['credits:grant'] = async (client) => {
    const [user, amount] = rest;
    const cubes = Number(amount);
    if (!user || !Number.isInteger(cubes) || cubes === 0) {
      throw new UsageError('credits:grant needs a user and a whole, non-zero number of cubes.');
    }
    const result = await client.grant({ user, cubes, note: values.note, key: values.key });
    return result.applied
      ? `${cubes > 0 ? 'Granted' : 'Took back'} ${Math.abs(cubes)} cubes ${cubes > 0 ? 'to' : 'from'} ${result.username}; the balance is now ${result.cubes}.`
      : `Nothing changed: key "${values.key}" was used before. ${result.username} has ${result.cubes} cubes.`;
  };
  Object.assign(commands, communityCommands(values, rest));
  const usage = (message: string): never => {
    throw new UsageError(message);
  };
  Object.assign(commands, ordersCommands(values, rest, usage));
  Object.assign(commands, catalogueCommands(values, rest, usage));
  Object.assign(commands, codesCommands(values, rest, usage));
  Object.assign(commands, enginesCommands(rest, usage));
  Object.assign(commands, operatorsCommands(rest, usage));
  const handler = commands[command];
  if (!handler) throw new UsageError(`Unknown command "${command}".`);

  const config = loadConfig();
  const url = values.url ?? `http://127.0.0.1:${config.PORT}`;
  const token = values.token ?? config.ADMIN_TOKEN ?? (await readToken(adminTokenFile(config.DATA_DIR)));
  if (!token) {
    throw new CliError(
      `No admin token: ${adminTokenFile(config.DATA_DIR)} does not exist. Start the server once (it writes the file), or pass --token or set ADMIN_TOKEN.`,
    );
  }
  try {
    return await handler(createAdminClient({ url, token }), url);
  } catch (err) {
    if (err instanceof CliError && err.code === 'ADMIN_TOKEN_INVALID') {
      throw new CliError(
        `${err.message}.\nThe token must be the server's: pass --token, set ADMIN_TOKEN, or run this on the server's machine with the same DATA_DIR (${config.DATA_DIR}).`,
      );
    }
    if (err instanceof CliError && err.code === 'PRODUCT_NOT_FOUND') {
      throw new CliError(`No product "${rest[0]}". See catalogue:list.`);
    }
    if (err instanceof CliError && (err.code === 'WORK_NOT_FOUND' || err.code === 'USER_NOT_FOUND')) {
      throw new CliError(`${err.message}: ${rest[0]}.`);
    }
    if (err instanceof CliError && err.code === 'TICKET_NOT_FOUND') {
      throw new CliError(`${err.message}: ${rest[0]}. See every ticket with support:list --status all.`);
    }
    throw err;
  }
}

const REPORT_FILTERS = ['open', 'resolved', 'dismissed', 'all'] as const;
type ReportFilter = (typeof REPORT_FILTERS)[number];

/** Moderation: the report queue, hiding and restoring works, suspending accounts. */
function communityCommands(
  values: { status?: string; limit?: string; cursor?: string; all?: boolean; reason?: string },
  rest: string[],
): Record<string, (client: ReturnType<typeof createAdminClient>) => Promise<string>> {
  const arg = (command: string, what: string) => {
    if (!rest[0]) throw new UsageError(`${command} needs ${what}.`);
    return rest[0];
  };
  return {
    'community:reports': async (client) => {
      const status = (values.status ?? 'open') as ReportFilter;
      if (!REPORT_FILTERS.includes(status))
        throw new UsageError(`--status must be one of ${REPORT_FILTERS.join(', ')}.`);
      const limit = values.limit === undefined ? PAGE_LIMIT.default : Number(values.limit);
      if (!Number.isInteger(limit) || limit < PAGE_LIMIT.min || limit > PAGE_LIMIT.max)
        throw new UsageError(`--limit must be a whole number from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}.`);
      if (values.all) {
        const reports: WorkReport[] = [];
        let cursor: string | undefined = values.cursor;
        do {
          const page = await client.reports(status, { cursor, limit: PAGE_LIMIT.max });
          reports.push(...page.items);
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return formatReports(reports, status);
      }
      const page = await client.reports(status, { cursor: values.cursor, limit });
      const more = page.nextCursor
        ? `Next page: npm run admin -- community:reports --status ${status} --limit ${limit} --cursor ${page.nextCursor}\nEvery report at once: npm run admin -- community:reports --status ${status} --all`
        : null;
      return formatReports(page.items, status, more);
    },
    'community:hide': async (client) => {
      const out = await client.hideWork(arg('community:hide', 'a work id (see community:reports)'), values.reason);
      const reports = out.resolvedReports === 1 ? '1 open report' : `${out.resolvedReports} open reports`;
      return `Work ${out.id} is hidden from every listing; ${reports} resolved.`;
    },
    'community:restore': async (client) => {
      const out = await client.restoreWork(arg('community:restore', 'a work id'));
      return out.state === 'published'
        ? `Work ${out.id} is published again.`
        : `Work ${out.id} was not hidden; it stays ${out.state}.`;
    },
    'user:suspend': async (client) => {
      const out = await client.suspendUser(arg('user:suspend', 'a username, e-mail, phone or user id'));
      return `${out.username} (${out.userId}) is suspended: signed out everywhere, cannot sign in, and their works left the community.`;
    },
    'user:unsuspend': async (client) => {
      const out = await client.unsuspendUser(arg('user:unsuspend', 'a username, e-mail, phone or user id'));
      return `${out.username} (${out.userId}) can sign in again; their published works are back in the community.`;
    },
  };
}

export interface AdminRun {
  /** 0: done; 1: the command failed; 2: wrong usage (the help follows the message). */
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one command line (without the program name) and says what the process prints and returns. */
export async function runAdmin(argv: string[]): Promise<AdminRun> {
  try {
    return { code: 0, stdout: `${await run(argv)}\n`, stderr: '' };
  } catch (err) {
    if (err instanceof UsageError) return { code: 2, stdout: '', stderr: `error: ${err.message}\n\n${HELP}\n` };
    return { code: 1, stdout: '', stderr: `error: ${err instanceof Error ? err.message : String(err)}\n` };
  }
}

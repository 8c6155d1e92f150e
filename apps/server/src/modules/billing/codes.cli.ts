import fs from 'node:fs/promises';
import { CODE_STATUSES, CODES_MINT_MAX, type AdminCode } from '@turing/contract';
import type { AdminClient } from '../../shared/admin-client.ts';
import { textTable } from '../../shared/text-table.ts';

export const CODES_HELP = `  codes:mint --count N             Mints N redemption codes (at most ${CODES_MINT_MAX}) worth --cubes
               [--cubes N]         cubes and/or --days plan days, redeemable through the
               [--days N]          end of --expires (local time; never expires without
               [--expires DATE]    it). DATE is YYYY-MM-DD. --batch names the batch
               [--batch NAME]      (default: from today's date); --csv writes the codes
               [--csv FILE]        to a new file instead of printing them
  codes:list [--batch NAME]        Lists codes, newest batch first, with who used them
               [--status S]        (S: unused, used, expired, revoked or all (default))
  codes:revoke <code>              Withdraws an unused code, or every unused code of a
               [--batch NAME]      batch; used codes stay used
`;

export const CODES_OPTIONS = {
  count: { type: 'string' },
  cubes: { type: 'string' },
  days: { type: 'string' },
  expires: { type: 'string' },
  batch: { type: 'string' },
  csv: { type: 'string' },
} as const;

type Values = Partial<Record<keyof typeof CODES_OPTIONS | 'status', string>>;
const STATUS_FILTERS = [...CODE_STATUSES, 'all'] as const;

const worth = (c: { cubes: number; planDays: number }) =>
  [c.cubes ? `${c.cubes} cubes` : '', c.planDays ? `${c.planDays} plan day${c.planDays === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(' + ');

const day = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');

function formatCodes(items: AdminCode[], total: number): string {
  if (!items.length) return 'No codes.';
  const rows = items.map((c) => [
    c.code,
    c.batch,
    worth(c),
    c.status,
    c.expiresAt ? `until ${day(c.expiresAt)}` : 'no expiry',
    c.usedBy ? `${c.usedBy.username} at ${day(c.usedAt)}` : c.usedAt ? `deleted account at ${day(c.usedAt)}` : '',
  ]);
  const table = textTable(['CODE', 'BATCH', 'WORTH', 'STATUS', 'EXPIRES', 'USED BY'], rows);
  const counts = STATUS_FILTERS.slice(0, -1)
    .map((s) => [s, items.filter((c) => c.status === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
  const shown =
    total > items.length
      ? `The newest ${items.length} of ${total} codes (${counts}); narrow it with --batch or --status.`
      : `${total} code${total === 1 ? '' : 's'}: ${counts}.`;
  return `${table}\n\n${shown}`;
}

const csvLine = (cells: (string | number)[]) => cells.map((c) => `"${String(c).replaceAll('"', '""')}"`).join(',');

function whole(text: string | undefined, flag: string, min: number, max: number, usage: (m: string) => never) {
  if (text === undefined) return 0;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) usage(`${flag} must be a whole number from ${min} to ${max}.`);
  return n;
}

/** The end of a local calendar day, so a code "valid through 2026-12-31" works all that day. */
function endOfDay(text: string, usage: (m: string) => never): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const start = new Date(y, mo - 1, d);
  if (!m || start.getFullYear() !== y || start.getMonth() !== mo - 1 || start.getDate() !== d)
    usage('--expires must be a date such as 2026-12-31.');
  const end = new Date(y, mo - 1, d + 1);
  if (end.getTime() <= Date.now()) usage('--expires must be today or later.');
  return end.toISOString();
}

export function codesCommands(
  values: Values,
  rest: string[],
  usage: (message: string) => never,
): Record<string, (client: AdminClient) => Promise<string>> {
  return {
    'codes:mint': async (client) => {
      if (values.count === undefined) usage('codes:mint needs --count.');
      const count = whole(values.count, '--count', 1, CODES_MINT_MAX, usage);
      const cubes = whole(values.cubes, '--cubes', 0, 1_000_000, usage);
      const planDays = whole(values.days, '--days', 0, 3650, usage);
      if (cubes + planDays === 0) usage('codes:mint needs --cubes or --days (or both) above zero.');
      const expiresAt = values.expires === undefined ? undefined : endOfDay(values.expires, usage);
      // The file is made before minting: a path that cannot be written must not cost a batch.
      const file = values.csv ? await fs.open(values.csv, 'wx').catch((err: Error) => err) : null;
      if (file instanceof Error) throw new Error(`Cannot create ${values.csv}: ${file.message}`);
      try {
        const out = await client.codesMint({ count, cubes, planDays, expiresAt, batch: values.batch });
        const until = out.expiresAt
          ? `redeemable through ${values.expires} (until ${day(out.expiresAt)})`
          : 'never expiring';
        const summary = `Minted ${out.codes.length} codes in batch "${out.batch}", each worth ${worth(out)}, ${until}.`;
        if (!file) return `${summary}\n\n${out.codes.join('\n')}`;
        const lines = out.codes.map((code) => csvLine([code, out.batch, out.cubes, out.planDays, out.expiresAt ?? '']));
        await file.writeFile(
          `${csvLine(['code', 'batch', 'cubes', 'plan_days', 'expires_at'])}\n${lines.join('\n')}\n`,
        );
        return `${summary}\nWrote them to ${values.csv}.`;
      } catch (err) {
        if (file) await fs.rm(values.csv!, { force: true });
        throw err;
      } finally {
        await file?.close();
      }
    },
    'codes:list': async (client) => {
      const status = (values.status ?? 'all') as (typeof STATUS_FILTERS)[number];
      if (!STATUS_FILTERS.includes(status)) usage(`--status must be one of ${STATUS_FILTERS.join(', ')}.`);
      const page = await client.codes({ batch: values.batch, status, limit: CODES_MINT_MAX });
      return formatCodes(page.items, page.total);
    },
    'codes:revoke': async (client) => {
      const code = rest[0];
      if (!code === !values.batch) usage('codes:revoke needs a code or --batch NAME (not both).');
      const out = await client.codesRevoke(code ? { code } : { batch: values.batch });
      if (code) {
        if (!out.matched) throw new Error(`No code ${code}. See codes:list.`);
        return out.revoked ? `Code ${code} is revoked.` : `Code ${code} was already used or revoked; nothing changed.`;
      }
      if (!out.matched) throw new Error(`No batch "${values.batch}". See codes:list.`);
      const others = out.matched - out.revoked;
      return `Revoked ${out.revoked} of ${out.matched} codes in batch "${values.batch}"${others ? ` (${others} were used or revoked before)` : ''}.`;
    },
  };
}

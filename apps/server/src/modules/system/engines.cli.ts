import type { AdminEngine } from '@turing/contract';
import type { AdminClient } from '../support/admin-client.ts';
import { table } from '../support/admin-format.ts';

export const ENGINES_HELP = `  engines                          Checks every configured generation engine now: each
                                   server's state, queue (running/pending), tasks done
                                   here, last error and since when
`;

const at = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

/** One row per server of a fleet; an engine without servers (preview, openai) is one row of its own. */
export function formatEngines(engines: AdminEngine[]): string {
  if (engines.length === 0) return 'No generation engine is configured.';
  const rows = engines.flatMap((e) => {
    const name = e.isDefault ? `${e.name} (default)` : e.name;
    if (e.servers.length === 0) {
      return [[name, '—', e.ok ? 'up' : 'down', '—', '—', e.ok ? '' : (e.detail ?? ''), '—']];
    }
    return e.servers.map((s) => [
      name,
      s.url,
      s.state,
      `${s.running}/${s.pending}`,
      String(s.done),
      s.lastError ?? (s.state === 'up' ? '' : (s.detail ?? '')),
      at(s.since),
    ]);
  });
  const grid = table(
    ['ENGINE', 'SERVER', 'STATE', 'QUEUE', 'DONE', 'LAST ERROR', 'SINCE'],
    rows,
    [20, 48, 8, 9, 6, 60, 23],
  );
  const down = engines.filter((e) => !e.ok);
  const verdict = down.length
    ? `Not taking work: ${down.map((e) => `${e.name} (${e.detail ?? 'unhealthy'})`).join('; ')}`
    : `Every engine takes work (checked ${at(engines[0]!.checkedAt)}).`;
  return `${grid}\n\n${verdict}`;
}

export function enginesCommands(): Record<string, (client: AdminClient) => Promise<string>> {
  return {
    engines: async (client) => formatEngines(await client.engines()),
  };
}

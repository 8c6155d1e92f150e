import { systemAdminRoutes, type AdminEngine, type EngineServer } from '@turing/contract';
import { CliError, type AdminClient } from '../../shared/admin-client.ts';
import { table } from '../../shared/admin-format.ts';

export const ENGINES_HELP = `  engines                          Checks every configured generation engine now: each
                                   server's state, queue (running/pending), tasks done
                                   here, last error and since when
  engines:drain <url>              Takes a server out of rotation for maintenance: it
                                   finishes the work it has and gets no new work, on
                                   every node, until engines:resume
  engines:resume <url>             Puts a drained server back into rotation
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

const serverLine = (s: EngineServer) =>
  `${s.url} is ${s.state}${s.detail ? ` (${s.detail})` : ''}: ${s.running} running, ${s.pending} waiting there.`;

export function enginesCommands(
  rest: string[],
  usage: (message: string) => never,
): Record<string, (client: AdminClient) => Promise<string>> {
  const url = (command: string) => rest[0] ?? usage(`${command} needs a server address, as "engines" lists it.`);
  /** An address the fleet does not have: say which ones it has. */
  const named = async <T>(client: AdminClient, work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (err) {
      if (!(err instanceof CliError) || err.code !== 'ENGINE_SERVER_NOT_FOUND') throw err;
      const known = (await client.engines()).flatMap((e) => e.servers.map((s) => s.url));
      throw new CliError(
        `${err.message}: ${rest[0]}. ${known.length ? `The servers are: ${known.join(', ')}.` : 'No engine has servers.'}`,
        err.code,
      );
    }
  };
  return {
    engines: async (client) => formatEngines(await client.engines()),
    'engines:drain': async (client) => {
      const body = { url: url('engines:drain') };
      const server = await named(client, client.call(systemAdminRoutes.drain, { body }));
      return `Drained. ${serverLine(server)}
It finishes its work and gets no new work. Bring it back with: npm run admin -- engines:resume ${server.url}`;
    },
    'engines:resume': async (client) => {
      const body = { url: url('engines:resume') };
      const server = await named(client, client.call(systemAdminRoutes.resume, { body }));
      return `Resumed. ${serverLine(server)}`;
    },
  };
}

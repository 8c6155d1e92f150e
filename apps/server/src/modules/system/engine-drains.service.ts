import type { AdminEngine, EngineServer } from '@turing/contract';
import type { Scoped, Transactor } from '../../db/scoped.ts';
import { AppError } from '../../shared/app-error.ts';
import type { AuditActor, AuditWrite } from '../../shared/audit.ts';
import type { EngineDrainRow, EngineDrainsRepository } from './engine-drains.repository.ts';
import type { FleetService } from './fleet.service.ts';

export interface EngineDrainsDeps {
  drains: Scoped<EngineDrainsRepository>;
  transaction: Transactor;
  fleet: Pick<FleetService, 'inspect'>;
  now?: () => Date;
}

/** Addresses are compared as the engines list names them: without trailing slashes or spaces. */
const normalise = (url: string) => url.trim().replace(/\/+$/, '');

const withDrains = (engines: AdminEngine[], rows: EngineDrainRow[]): AdminEngine[] => {
  const byUrl = new Map(rows.map((r) => [r.url, r]));
  return engines.map((e) => ({
    ...e,
    servers: e.servers.map((s) => {
      const row = byUrl.get(s.url);
      return row ? { ...s, drainedBy: row.drainedBy, drainedAt: row.drainedAt.toISOString() } : s;
    }),
  }));
};

/**
 * Taking a GPU server out of rotation for maintenance and bringing it back. The drain is a row
 * every node reads, so it holds across API and worker nodes and restarts; the engine lets the
 * server finish what it runs and gives it nothing new.
 */
export function createEngineDrainsService(deps: EngineDrainsDeps) {
  const now = deps.now ?? (() => new Date());

  const inspect = async () => {
    const [engines, rows] = await Promise.all([deps.fleet.inspect(), deps.drains.pool.list()]);
    return withDrains(engines, rows);
  };
  const find = (engines: AdminEngine[], url: string) => {
    for (const engine of engines) {
      const server = engine.servers.find((s) => s.url === url);
      if (server) return { engine: engine.name, server };
    }
    return undefined;
  };
  /** The server as the engines see it once the change is made. */
  const after = async (url: string): Promise<EngineServer> =>
    find(await inspect(), url)?.server ?? {
      // Drained, then taken out of the settings: the drain goes, there is nothing else to show.
      url,
      state: 'down',
      ok: false,
      running: 0,
      pending: 0,
      done: 0,
      since: now().toISOString(),
      detail: 'not among the configured servers',
    };

  return {
    /** Every engine with its servers, each drained one naming who drained it and since when. */
    inspect,

    async drain(text: string, by: AuditActor, audit: AuditWrite): Promise<EngineServer> {
      const url = normalise(text);
      const known = find(await deps.fleet.inspect(), url);
      if (!known) throw new AppError('ENGINE_SERVER_NOT_FOUND');
      await deps.transaction(async (tx) => {
        const row = await deps.drains.in(tx).insert(url, by.name);
        if (!row) throw new AppError('ENGINE_SERVER_DRAINED');
        await audit(tx, {
          targetType: 'engine-server',
          targetId: url,
          targetLabel: known.engine,
          before: null,
          after: { drainedBy: row.drainedBy, drainedAt: row.drainedAt.toISOString() },
        });
      });
      return after(url);
    },

    /** A drained server that left the settings can still be resumed (its row goes). */
    async resume(text: string, audit: AuditWrite): Promise<EngineServer> {
      const url = normalise(text);
      const engines = await deps.fleet.inspect();
      await deps.transaction(async (tx) => {
        const row = await deps.drains.in(tx).remove(url);
        if (!row) throw new AppError(find(engines, url) ? 'ENGINE_SERVER_NOT_DRAINED' : 'ENGINE_SERVER_NOT_FOUND');
        await audit(tx, {
          targetType: 'engine-server',
          targetId: url,
          targetLabel: find(engines, url)?.engine ?? null,
          before: { drainedBy: row.drainedBy, drainedAt: row.drainedAt.toISOString() },
          after: null,
        });
      });
      return after(url);
    },
  };
}
export type EngineDrainsService = ReturnType<typeof createEngineDrainsService>;

import { ComfyConnectionError, ComfyHttpError, type ComfyHttp } from './comfy-http.ts';
import type { FleetServer } from './fleet-server.ts';
import type { InputNames, InputRole } from './workflow-mapping.ts';

/**
 * The servers able to take a prompt now, least busy first (running + pending as the server last
 * broadcast it on our socket, or from GET /prompt, plus our own prompts on their way). Servers this
 * task already failed on come last, used only when no other one answers. A server known down gets
 * no request at all (its own probes tell when it is back), nor does one an operator drained; one
 * lacking nodes or models is left out.
 */
export async function rankServers(servers: FleetServer[], avoid: string[]): Promise<FleetServer[]> {
  const loads = await Promise.all(
    servers.map(async (server, index) => {
      // Drained by an operator: no request at all, whatever its load.
      if (server.state === 'down' || server.drained) return undefined;
      try {
        const load = await server.load();
        if (load === undefined) return undefined;
        await server.check();
        if (server.state !== 'up') return undefined;
        return { server, index, load, avoided: avoid.includes(server.url) ? 1 : 0 };
      } catch (err) {
        if (err instanceof ComfyConnectionError || err instanceof ComfyHttpError) return undefined;
        throw err;
      }
    }),
  );
  return loads
    .filter((entry) => entry !== undefined)
    .sort((a, b) => a.avoided - b.avoided || a.load - b.load || a.index - b.index)
    .map((entry) => entry.server);
}

/** Sub-folder of ComfyUI's input directory for our uploads, so operators can clean it up by age. */
const UPLOAD_SUBFOLDER = 'turing';

/**
 * Uploads the task's images under names made from the prompt id (unique per attempt), with
 * overwrite so a repeated upload never gets a "name (1).png" the graph does not reference.
 */
export async function uploadInputs(
  http: ComfyHttp,
  inputs: Partial<Record<InputRole, Buffer>>,
  promptId: string,
): Promise<InputNames> {
  const names: InputNames = {};
  for (const [role, bytes] of Object.entries(inputs) as [InputRole, Buffer][]) {
    const ext = bytes[0] === 0xff && bytes[1] === 0xd8 ? 'jpg' : 'png';
    const uploaded = await http.uploadImage(bytes, `${promptId}-${role}.${ext}`, UPLOAD_SUBFOLDER);
    names[role] = uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
  }
  return names;
}

import { ComfyConnectionError, ComfyHttpError, type ComfyHttp } from './comfy-http.ts';
import type { ComfySocket } from './comfy-socket.ts';
import type { InputNames, InputRole } from './workflow-mapping.ts';

/** One ComfyUI server of the fleet, as this engine instance sees it. */
export interface ComfyServer {
  url: string;
  http: ComfyHttp;
  socket: ComfySocket;
  /** What /object_info said is missing; undefined until checked (again after a reconnect). */
  missing?: string[];
  checking?: Promise<void>;
  /** Our prompts being uploaded or posted right now: not yet visible in its /queue. */
  dispatching: number;
}

/**
 * The servers able to take a prompt now, least busy first (running + pending as the server last
 * broadcast it on our socket, or from GET /prompt, plus our own prompts on their way). Servers this task already failed on come last, used only when no
 * other one answers. Unreachable servers and servers lacking nodes or models are left out.
 */
export async function rankServers(
  servers: ComfyServer[],
  avoid: string[],
  check: (server: ComfyServer) => Promise<void>,
): Promise<ComfyServer[]> {
  const loads = await Promise.all(
    servers.map(async (server, index) => {
      try {
        // The socket's last status broadcast when connected: no request per dispatch on a large fleet.
        const remaining = server.socket.open
          ? (server.socket.queueRemaining ?? (await server.http.remaining()))
          : await server.http.remaining();
        await check(server);
        if (server.missing && server.missing.length > 0) return undefined;
        const load = remaining + server.dispatching;
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

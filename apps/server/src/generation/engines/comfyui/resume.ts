import { EngineError } from '../../engine.ts';
import type { Graph, HistoryEntry, QueueInfo } from './comfy-types.ts';
import type { ServerLink } from './server-record.ts';

/** A prompt a previous process left on the server: its graph, and its history entry or the queue holding it. */
export interface FoundPrompt {
  graph: Graph;
  entry?: HistoryEntry;
  queue?: QueueInfo;
  /** Queued under another client id: its messages go to that client's socket, never to ours. */
  deaf: boolean;
}

/** Why it cannot be taken up; `unanswered` when the server did not answer (a probe should tell whether it is down). */
export interface MissingPrompt {
  lost: EngineError;
  unanswered?: boolean;
}

/**
 * Looks up a prompt a previous process handed to the server under `ref`, without posting it again:
 * its history entry when it finished while we were away (images or failure), else its place in
 * the queue. Unknown there (restart, history deleted), or the server cannot be asked: `lost`, and
 * the caller sends it again. Progress and previews reach us only when the prompt was queued under
 * this engine's client id (`clientId` option kept across restarts); otherwise the watchdog's polls
 * follow it, and a silence is not taken for a hang.
 */
export async function findPrompt(
  link: ServerLink,
  ref: string,
  clientId: string,
): Promise<FoundPrompt | MissingPrompt> {
  const lost = (why: string, cause?: unknown) =>
    new EngineError('lost', `ComfyUI prompt ${ref} ${why}`, { server: link.url, cause });
  if (link.record.state === 'down') {
    // If it still holds the prompt when it is back, it is taken off: it is being sent elsewhere.
    link.record.abandon(ref);
    return { lost: lost('cannot be asked for: the server is down') };
  }
  let entry: HistoryEntry | undefined;
  let queue: QueueInfo | undefined;
  try {
    entry = await link.http.history(ref);
    if (!entry) queue = await link.http.queue();
  } catch (err) {
    link.record.abandon(ref);
    return { lost: lost('cannot be asked for: the server does not answer', err), unanswered: true };
  }
  const item = queue && [...queue.queue_running, ...queue.queue_pending].find((i) => i[1] === ref);
  const stored = entry?.prompt ?? item;
  const graph = stored?.[2] as Graph | undefined;
  if (!stored || !graph) return { lost: lost('is unknown there (restarted, or its history was deleted)') };
  const queuedBy = (stored[3] as { client_id?: unknown } | undefined)?.client_id;
  return { graph, entry, queue, deaf: queuedBy !== clientId };
}

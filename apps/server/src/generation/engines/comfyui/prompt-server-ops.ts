import { EngineError } from '../../engine.ts';
import type { ComfyHttp } from './comfy-http.ts';
import type { Graph, HistoryEntry, HistoryOutput, QueueInfo } from './comfy-types.ts';
import { outputNodeIds } from './workflow-graph.ts';
import { roleNode } from './workflow-templates.ts';

/** 'running', the 0-based position among pending prompts, or undefined when the queue lacks it. */
export function whereInQueue(queue: QueueInfo, promptId: string): 'running' | number | undefined {
  if (queue.queue_running.some((item) => item[1] === promptId)) return 'running';
  // Pending items run in order of their number, not of the list.
  const pending = [...queue.queue_pending].sort((a, b) => a[0] - b[0]);
  const index = pending.findIndex((item) => item[1] === promptId);
  return index >= 0 ? index : undefined;
}

/**
 * The failure a finished history entry records, if any. An error inside a node is the graph's or
 * the inputs' fault and would fail again (invalid), except running out of memory, which another
 * server or a quieter moment may not (lost, so it is retried). An interrupt we did not send (an
 * operator in ComfyUI's editor) loses the work.
 */
export function historyFailure(entry: HistoryEntry, server: string): EngineError | undefined {
  if (entry.status?.status_str !== 'error') return undefined;
  const messages = entry.status.messages ?? [];
  const error = messages.find(([type]) => type === 'execution_error')?.[1];
  if (error) {
    const exception = `${String(error.exception_type ?? '')} ${String(error.exception_message ?? '')}`;
    const kind = /out ?of ?memory|OutOfMemory|CUDA out|allocat/i.test(exception) ? 'lost' : 'invalid';
    const text = String(error.exception_message ?? 'error')
      .split('\n')[0]!
      .slice(0, 200);
    return new EngineError(kind, `ComfyUI node ${String(error.node_id)} (${String(error.node_type)}) failed: ${text}`, {
      server,
    });
  }
  if (messages.some(([type]) => type === 'execution_interrupted')) {
    return new EngineError('lost', 'ComfyUI interrupted the prompt (not at our request)', { server });
  }
  return new EngineError('lost', 'ComfyUI ended the prompt with an error', { server });
}

/**
 * The outputs the socket reported (`executed`, sent as each output node of the prompt finishes) as
 * a history entry, once every output node of the graph has reported: the images can be fetched
 * without asking /history. Undefined while one is missing (a node answered from the cache reports
 * none; a reconnect may have dropped one): /history says then.
 */
export function outputsHeard(graph: Graph, heard: Record<string, HistoryOutput>): HistoryEntry | undefined {
  const ids = outputNodeIds(graph);
  return ids.length > 0 && ids.every((id) => heard[id]) ? { outputs: { ...heard } } : undefined;
}

/** The SaveImage outputs of our graph, fetched through /view. */
export async function readImages(
  http: ComfyHttp,
  entry: HistoryEntry,
  graph: Graph,
  expected: number,
  promptId: string,
): Promise<Buffer[]> {
  const saved = (id: string) => (entry.outputs?.[id]?.images ?? []).filter((image) => image.type === 'output');
  // An operator's template may save more (e.g. an intermediate): the node titled "Save" comes first.
  const main = roleNode(graph, 'save');
  const ids = outputNodeIds(graph).sort((a, b) => Number(b === main) - Number(a === main));
  const refs = ids.flatMap(saved).slice(0, expected);
  if (refs.length < expected) {
    // An identical graph is answered from cache with no new files; ours always differ, so this is a fault.
    throw new EngineError('lost', `ComfyUI prompt ${promptId} saved ${refs.length} of ${expected} images`, {
      server: http.url,
    });
  }
  return Promise.all(refs.map((ref) => http.view(ref)));
}

/** Deletes a pending prompt; interrupts it only when it runs (older servers interrupt whatever runs). */
export async function stopPrompt(http: ComfyHttp, promptId: string): Promise<void> {
  await http.deleteFromQueue(promptId);
  if (whereInQueue(await http.queue(), promptId) === 'running') await http.interrupt(promptId);
}

const FORGET_TRIES = 50;

/** Removes the history entry of a prompt whose entry was just read (so it is there), in the background. */
export function forgetFinished(http: ComfyHttp, promptId: string): void {
  http.deleteHistory(promptId).catch(() => {
    // Unreachable or restarted: a restart forgets the history anyway; nothing else to do.
  });
}

/**
 * Removes the prompt's history entry in the background: ComfyUI keeps history in memory (up to
 * 10,000 entries) until deleted. An interrupted prompt writes its entry only once it has stopped,
 * so this waits for it, giving up when the prompt is in neither history nor queue.
 */
export function forgetPrompt(http: ComfyHttp, promptId: string, pollMs: number, closing: AbortSignal): void {
  void (async () => {
    for (let i = 0; i < FORGET_TRIES && !closing.aborted; i++) {
      if (await http.history(promptId)) return http.deleteHistory(promptId);
      if (whereInQueue(await http.queue(), promptId) === undefined) {
        if (await http.history(promptId)) await http.deleteHistory(promptId);
        return;
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
  })().catch(() => {
    // Unreachable or restarted: a restart forgets the history anyway; nothing else to do.
  });
}

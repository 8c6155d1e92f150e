import type { FetchLike } from '../src/http.ts';
import type { Task } from '../src/types.ts';

export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: RequestInit['body'];
}

type Answer = Response | Error;

/**
 * A fetch that answers from a handler and records every request, the way the real server would
 * be seen from the client (statuses, headers, bodies, dropped connections as thrown errors).
 */
export function fakeFetch(handler: (req: SeenRequest, n: number) => Answer | Promise<Answer>) {
  const calls: SeenRequest[] = [];
  const fetch: FetchLike = async (input, init = {}) => {
    const req: SeenRequest = {
      method: init.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init.headers),
      body: init.body,
    };
    calls.push(req);
    const answer = await handler(req, calls.length - 1);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch, calls };
}

/** Answers from a list, one per request, in order. */
export function scripted(...answers: (Answer | (() => Answer))[]) {
  return fakeFetch((_req, n) => {
    const a = answers[n];
    if (!a) throw new Error(`no answer scripted for request ${n + 1}`);
    return typeof a === 'function' ? a() : a;
  });
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

export const apiError = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: `${code} message` }, requestId: 'req-1' }, headers);

/** An event stream delivered in exactly these pieces (strings, or bytes to split a character). */
export function sse(pieces: (string | Uint8Array)[], o: { thenFail?: boolean } = {}) {
  const enc = new TextEncoder();
  let next = 0;
  // One piece per read, so a failure comes after what was sent before it (as a reset connection's does).
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const p = pieces[next++];
      if (p !== undefined) controller.enqueue(typeof p === 'string' ? enc.encode(p) : p);
      else if (o.thenFail) controller.error(new TypeError('terminated'));
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

export const taskEvent = (task: Task) => `id: ${task.seq}\nevent: task\ndata: ${JSON.stringify(task)}\n\n`;

/** A task as the API shows it, in the given state. */
export function fakeTask(over: Partial<Task> = {}): Task {
  return {
    id: '8f0e5d7e-0000-4000-8000-000000000001',
    state: 'queued',
    seq: 1,
    params: {},
    mode: 'iterate',
    engine: 'preview',
    promptOriginal: 'a house',
    promptSent: 'a house',
    translation: 'not_needed',
    position: 1,
    estimatedWaitSeconds: 5,
    progress: 0,
    previewUrl: null,
    notice: null,
    results: [],
    baseImage: null,
    cost: { cubes: 1, coveredByPlan: false, refunded: false },
    shortfall: null,
    error: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...over,
  };
}

/** A sleep that returns at once and remembers how long it was asked to wait. */
export function recordingSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { sleep, waits };
}

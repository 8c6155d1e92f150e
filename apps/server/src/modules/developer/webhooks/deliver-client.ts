import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DEVELOPER_LIMITS } from '@turing/contract';
import type { ResolvedAddress } from './url-guard.ts';

/** What one POST to a receiver came to. */
export interface AttemptOutcome {
  /** The receiver's HTTP status; null when there was no answer (refused, reset, timed out). */
  status: number | null;
  error: string | null;
  durationMs: number;
  /** The start of the answer's body, as text. */
  snippet: string | null;
  /** Seconds the receiver asked to wait (Retry-After), when it asked. */
  retryAfterSeconds: number | null;
}

/** Bytes of an answer read at most: enough for the snippet, never a whole download. */
const READ_MAX = 8 * 1024;

/** Retry-After as seconds: a number of seconds or an HTTP date. */
export function retryAfterSeconds(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * One POST to a receiver, connected to `address` (the one the URL guard vetted) whatever the name
 * resolves to now. Redirects are not followed (a 3xx is an answer like any other, and counts as a
 * failure); the whole attempt, a receiver that keeps the socket open without answering included,
 * ends after `timeoutMs`. Never rejects: every fault is an outcome.
 */
export function postWebhook(input: {
  url: URL;
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  now?: () => Date;
}): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const { address, family } = input.address;
  // Called with `all` when the socket tries several families at once (autoSelectFamily).
  const lookup = ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as unknown as LookupFunction;
  const client = input.url.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const req = client.request(input.url, {
      method: 'POST',
      headers: { ...input.headers, 'content-length': String(Buffer.byteLength(input.body)) },
      lookup,
      agent: false,
    });
    const timer = setTimeout(() => {
      finish({ status: null, error: `timed out after ${input.timeoutMs} ms`, snippet: null, retryAfterSeconds: null });
      req.destroy();
    }, input.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: null, error: err.code ?? err.message, snippet: null, retryAfterSeconds: null }),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).toString('utf8').slice(0, DEVELOPER_LIMITS.deliverySnippetMax);
        const header = res.headers['retry-after'];
        finish({
          status: res.statusCode ?? null,
          error: null,
          snippet: text || null,
          retryAfterSeconds: retryAfterSeconds(Array.isArray(header) ? header[0] : header, input.now?.() ?? new Date()),
        });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= READ_MAX) done();
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end(input.body);
  });
}

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaders, registerUser } from '../../../apps/server/test-support/test-app.ts';
import { buildGenerationApp, photo, until } from '../../../apps/server/test-support/design-helpers.ts';
import { runCli } from './cli-run.ts';
import { verifyWebhook } from './webhook.ts';
import type { WebhookPayload } from './types.ts';

// The whole path a designer takes: a key made in the profile, then the command line rendering a
// folder of sketches against the real app (preview engine, in-process workers) over HTTP, with
// signed webhooks to a receiver on this machine (WEBHOOK_ALLOW_PRIVATE, as outside production).

interface Heard {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const heard: Heard[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    heard.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.end('ok');
  });
});
let hookUrl = '';
let apiUrl = '';
let t: Awaited<ReturnType<typeof buildGenerationApp>>;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/turing`;
  t = await buildGenerationApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  apiUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);
afterAll(async () => {
  await t?.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('turing render against the real app', () => {
  it('renders a folder of sketches into numbered files, spends their cubes and signs a webhook for each', async () => {
    const { cookie } = await registerUser(t);
    const made = await t.app.inject({
      method: 'POST',
      url: '/turing/user/api-keys',
      headers: { ...appHeaders(), cookie },
      payload: {
        name: 'batch',
        scopes: ['tasks:write', 'tasks:read', 'uploads:write', 'account:read', 'webhooks:write'],
      },
    });
    const token = (made.json() as { data: { token: string } }).data.token;
    expect(token).toMatch(/^td_live_/);

    const sketches = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-sketches-'));
    for (const [i, name] of ['lobby', 'facade', 'roof'].entries())
      fs.writeFileSync(path.join(sketches, `${name}.png`), await photo(320 + i * 16, 240));
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'turing-renders-')), 'renders');

    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runCli(
      [
        'render',
        '--prompt',
        'a timber house by a lake',
        '--base',
        sketches,
        '--out',
        out,
        '--concurrency',
        '2',
        '--webhook',
        hookUrl,
      ],
      {
        env: { TURING_API_KEY: token, TURING_API_URL: apiUrl },
        stdout: { write: (s: string) => stdout.push(s) },
        stderr: { write: (s: string) => stderr.push(s) },
        readStdin: async () => '',
      },
    );
    const log = stderr.join('');
    expect(code, log).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(['facade-1.png', 'lobby-1.png', 'roof-1.png']);
    for (const file of fs.readdirSync(out))
      expect(fs.readFileSync(path.join(out, file)).subarray(1, 4).toString()).toBe('PNG');
    expect(stdout.join('').trim().split('\n')).toHaveLength(3);
    expect(log).toMatch(/3 complete, 0 failed in \d+s · 3 cubes spent \(20 → 17\)/);

    // The secret of the endpoint made for the first task's webhook.url, shown once by the CLI.
    const secret = /\(shown once\): (whsec_\S+)/.exec(log)?.[1];
    expect(secret).toBeTruthy();
    const completed = await until(
      async () =>
        heard
          .map((h) => verifyWebhook(secret!, h.headers, h.body))
          .filter((p: WebhookPayload) => p.type === 'task.completed'),
      (list) => list.length === 3,
    );
    expect(new Set(completed.map((p) => p.data.taskId)).size).toBe(3);
    expect(completed.every((p) => p.data.state === 'complete' && p.data.results.length === 1)).toBe(true);
    // A message is refused once its body is changed.
    expect(() => verifyWebhook(secret!, heard[0]!.headers, `${heard[0]!.body} `)).toThrow();
  }, 120_000);
});

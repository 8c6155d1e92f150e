import type { V1Routes } from '@turing/contract';

// The examples of the reference page: for each route of the public API, a curl command and the
// same call with the official client (@turing/client). They use the address the page is served
// from, so they run as they are against this server.

export type V1RouteKey = keyof V1Routes;

const AUTH = '-H "Authorization: Bearer $TURING_API_KEY"';

/** Extra curl flags, path parameters and query of each route. */
const CURL: Record<V1RouteKey, { path?: string; flags?: string[] }> = {
  uploadCreate: { path: '/uploads?kind=base', flags: ['-F "file=@sketch.png"'] },
  models: {},
  taskCreate: {
    flags: [
      '-H "Idempotency-Key: $(uuidgen)"',
      '-H "Content-Type: application/json"',
      `-d '{"mode":"iterate","baseImageId":"UPLOAD_ID","prompt":"a timber house by a lake at dusk","quality":"HD"}'`,
    ],
  },
  taskGet: { path: '/tasks/$TASK_ID' },
  taskList: { path: '/tasks?state=complete&limit=20' },
  taskCancel: { path: '/tasks/$TASK_ID/cancel' },
  taskEvents: { path: '/tasks/$TASK_ID/events', flags: ['-N', '-H "Accept: text/event-stream"'] },
  account: {},
  works: { path: '/works?limit=20' },
  webhookCreate: {
    flags: [
      '-H "Content-Type: application/json"',
      `-d '{"url":"https://example.com/hooks/turing","events":["task.completed","task.failed"]}'`,
    ],
  },
  webhookList: {},
  webhookDelete: { path: '/webhooks/$WEBHOOK_ID' },
};

export function curlExample(key: V1RouteKey, route: { method: string; path: string }, apiBase: string): string {
  const { path = route.path, flags = [] } = CURL[key];
  const method = route.method === 'GET' ? '' : `-X ${route.method} `;
  return [`curl ${method}"${apiBase}${path}"`, AUTH, ...flags].join(' \\\n  ');
}

const TS: Record<V1RouteKey, string> = {
  uploadCreate: `const image = await client.upload('./sketch.png', { kind: 'base' });
console.log(image.id, image.width, image.height);`,
  models: `const { items } = await client.models();
for (const m of items) console.log(m.id, m.available, m.price.SD);`,
  taskCreate: `// One Idempotency-Key per submit, sent again on every retry: charged once.
const task = await client.submitTask({
  mode: 'iterate',
  baseImageId: image.id,
  prompt: 'a timber house by a lake at dusk',
  quality: 'HD',
});
const done = await client.waitForTask(task.id);
const files = await client.download(done, './renders'); // <task id>-1.png, …`,
  taskGet: `const task = await client.getTask(taskId);
console.log(task.state, task.position, task.progress);`,
  taskList: `let page = await client.listTasks({ state: 'complete', limit: 20 });
while (page.nextCursor) page = await client.listTasks({ cursor: page.nextCursor });`,
  taskCancel: `const task = await client.cancelTask(taskId);
console.log(task.state, task.cost.refunded);`,
  taskEvents: `// Streams the events (and polls when a proxy blocks streaming) until a final state.
const done = await client.waitForTask(taskId, {
  onProgress: (t) => console.log(t.state, t.position ?? '', \`\${t.progress}%\`),
});`,
  account: `const { cubes, planUntil, activeTasks, activeTasksMax } = await client.account();`,
  works: `const { items, nextCursor } = await client.listWorks({ limit: 20 });
for (const w of items) console.log(w.title, w.likeCount);`,
  webhookCreate: `const { id, secret } = await client.createWebhook({
  url: 'https://example.com/hooks/turing',
  events: ['task.completed', 'task.failed'],
});
// Keep the secret (whsec_…) somewhere safe: it is in this answer only.`,
  webhookList: `const { items } = await client.listWebhooks();`,
  webhookDelete: `await client.deleteWebhook(webhookId);`,
};

const clientSetup = (origin: string) => `import { createClient } from '@turing/client';

const client = createClient({ baseUrl: '${origin}', apiKey: process.env.TURING_API_KEY! });`;

export const tsExample = (key: V1RouteKey, origin: string) => `${clientSetup(origin)}

${TS[key]}`;

export const errorExample = `{
  "error": {
    "code": "INSUFFICIENT_BALANCE",
    "message": "Not enough cubes: this task needs 4 and you have 1; buy cubes or a time plan",
    "details": { "need": 4, "have": 1, "fits": null }
  },
  "requestId": "req-7f3a9c"
}`;

export const webhookExample = `import { verifyWebhook, WebhookVerificationError } from '@turing/client';

// The raw body as received (a Buffer or string), not JSON parsed and serialised again.
try {
  const event = verifyWebhook(process.env.TURING_WEBHOOK_SECRET!, req.headers, rawBody);
  if (event.type === 'task.completed') console.log(event.data.taskId, event.data.results);
} catch (e) {
  if (e instanceof WebhookVerificationError) return reply.code(400).send();
  throw e;
}`;

export const quickStart = (apiBase: string) => `curl "${apiBase}/account" \\
  -H "Authorization: Bearer $TURING_API_KEY"`;

export const clientInstall = (origin: string) => `npm install @turing/client
export TURING_API_KEY=td_live_…
npx @turing/client render --api-url ${origin} \\
  --prompt "a timber house by a lake at dusk" --base ./sketches --out ./renders`;

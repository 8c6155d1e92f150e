import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { v1Routes, type Locale, type ModelInfo, type Page, type V1Account, type WorkCard } from '@turing/contract';
import type { Lifecycle } from '../../../platform/lifecycle.ts';
import { AppError } from '../../../shared/app-error.ts';
import type { TaskEvents, TaskService } from '../../design/index.ts';
import { imageMultipart, readImageFile, type UploadService } from '../../upload/index.ts';
import type { WebhookService } from '../webhooks/webhooks.part.ts';
import type { Idempotency, Replay } from './idempotency.ts';
import { defineV1Route, type V1Request } from './v1-route.ts';

export interface V1RoutesOptions {
  tasks: Pick<TaskService, 'submit' | 'get' | 'list' | 'cancel'>;
  events: Pick<TaskEvents, 'attachTask'>;
  uploads: Pick<UploadService, 'saveImage'>;
  webhooks: WebhookService;
  models(): ModelInfo[];
  account(userId: string): Promise<V1Account>;
  /** A user's own published works, newest first. */
  works(userId: string, page: { cursor?: string; limit: number }): Promise<Page<WorkCard>>;
  idempotency: Idempotency;
  lifecycle: Lifecycle;
}

/** Sends an answer kept under an Idempotency-Key (or made now), marking a replay as the draft suggests. */
function send(reply: FastifyReply, result: Replay & { replayed: boolean }) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  reply.status(result.status);
  return result.body as never;
}

/** The routes of /turing/v1, each acting as the key's user through the studio's own services. */
export async function v1RoutesPlugin(app: FastifyInstance, opts: V1RoutesOptions) {
  const { tasks, idempotency } = opts;
  const idempotent = <D extends (typeof v1Routes)[keyof typeof v1Routes]>(
    req: V1Request<D>,
    def: D,
    extra: unknown,
    answer: () => Promise<Replay>,
  ) =>
    idempotency.run(
      req.apiKey.userId,
      req.headers['idempotency-key'],
      idempotency.fingerprint([def.method, def.path, req.params ?? null, req.query ?? null, extra]),
      def.idempotency === 'required',
      answer,
    );
  const locale = (req: { locale: Locale }) => req.locale;

  await imageMultipart(app);
  defineV1Route(app, v1Routes.uploadCreate, async (req, reply) => {
    const data = await readImageFile(req);
    const digest = createHash('sha256').update(data).digest('hex');
    const result = await idempotent(req, v1Routes.uploadCreate, digest, async () => ({
      status: 201,
      body: await opts.uploads.saveImage(req.apiKey.userId, req.query.kind, data),
    }));
    return send(reply, result);
  });

  defineV1Route(app, v1Routes.models, async () => ({ items: opts.models() }));

  defineV1Route(app, v1Routes.taskCreate, async (req, reply) => {
    const result = await idempotent(req, v1Routes.taskCreate, req.body, async () => {
      const { webhook, ...params } = req.body;
      // A webhook makes an endpoint: the key needs the scope that manages them.
      if (webhook && !req.apiKey.scopes.includes('webhooks:write'))
        throw new AppError('API_KEY_SCOPE', { params: { scope: 'webhooks:write' } });
      // The address is checked (and its endpoint made) before anything is charged.
      const hook = webhook ? await opts.webhooks.forTask(req.apiKey.userId, webhook.url) : null;
      const task = await tasks
        .submit(req.apiKey.userId, params, locale(req), { webhookEndpointId: hook?.endpointId })
        .catch(async (err: unknown) => {
          // Refused: an endpoint made for this task alone goes too, or its secret, shown in no
          // answer, would sign the retry's messages unseen.
          if (hook?.secret) await opts.webhooks.remove(req.apiKey.userId, hook.endpointId).catch(() => {});
          throw err;
        });
      return { status: 202, body: { ...task, webhook: hook } };
    });
    return send(reply, result);
  });

  defineV1Route(app, v1Routes.taskGet, async (req) => tasks.get(req.apiKey.userId, req.params.id, locale(req)));

  defineV1Route(app, v1Routes.taskList, async (req) => {
    const { cursor, limit, state } = req.query;
    return tasks.list(req.apiKey.userId, { cursor, limit, state }, locale(req));
  });

  defineV1Route(app, v1Routes.taskCancel, async (req, reply) => {
    const result = await idempotent(req, v1Routes.taskCancel, null, async () => ({
      status: 200,
      body: await tasks.cancel(req.apiKey.userId, req.params.id, locale(req)),
    }));
    return send(reply, result);
  });

  defineV1Route(app, v1Routes.taskEvents, async (req, reply) => {
    const userId = req.apiKey.userId;
    // Refused before the stream opens: an unknown or another user's task is a plain 404.
    await tasks.get(userId, req.params.id, locale(req));
    const header = req.headers['last-event-id'];
    const lastSeq = Number(typeof header === 'string' ? header : 0) || 0;
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': String(req.id),
    });
    await opts.events.attachTask(userId, req.params.id, reply.raw, {
      locale: locale(req),
      lastSeq,
      signal: opts.lifecycle.signal,
      // Read again once the stream is registered: a change made between the check above and the
      // registration is in this answer, and later ones arrive as events.
      current: async () => (await tasks.get(userId, req.params.id, locale(req))) as Record<string, unknown>,
    });
  });

  defineV1Route(app, v1Routes.account, async (req) => opts.account(req.apiKey.userId));
  defineV1Route(app, v1Routes.works, async (req) => opts.works(req.apiKey.userId, req.query));

  defineV1Route(app, v1Routes.webhookCreate, async (req, reply) => {
    const result = await idempotent(req, v1Routes.webhookCreate, req.body, async () => {
      const made = await opts.webhooks.create(req.apiKey.userId, req.body);
      return { status: 201, body: { id: made.endpoint.id, secret: made.secret, endpoint: made.endpoint } };
    });
    return send(reply, result);
  });
  defineV1Route(app, v1Routes.webhookList, async (req) => ({ items: await opts.webhooks.list(req.apiKey.userId) }));
  defineV1Route(app, v1Routes.webhookDelete, async (req) => {
    await opts.webhooks.remove(req.apiKey.userId, req.params.id);
  });
}

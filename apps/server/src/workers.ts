import { randomUUID } from 'node:crypto';
import { sweepExpired } from './modules/auth/index.ts';
import { lastBackupGauge } from './modules/backup/index.ts';
import { baseSourceOf, createTaskRunner, ENGINE_NAMES } from './generation/index.ts';
import { ENGINE_WAKE_CHANNEL } from './modules/system/index.ts';
import type { Services } from './services.ts';

/** How long a result's thumbnail may take before housekeeping makes it instead. */
const THUMB_GRACE_MS = 10 * 60_000;

/**
 * Background work of a process with ROLE=all or ROLE=worker: the generation workers, the hourly
 * housekeeping and the retries of e-mail and SMS, all through the job queue, plus the watch for
 * tasks whose process died.
 * Returns the function that stops it; it resolves once running work has finished or was handed back.
 */
export async function startWorkers(services: Services): Promise<() => Promise<void>> {
  const { database, log, queue, settings } = services;
  const nodeId = services.config.nodeId;
  const workerId = `${nodeId}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const { uploads, images, workspace, projects } = services;
  // A task's inputs are its owner's images, or those of a project they edit (checked at submit).
  const inputImage = (id: string, userId: string) =>
    uploads
      .getOwnedAny(id, userId)
      .catch(async (err: unknown) => (await projects.editableImage(id, userId)) ?? Promise.reject(err));
  const runner = createTaskRunner({
    database,
    lifecycle: services.taskLifecycle,
    findTask: (id) => services.findTask(id),
    loadImage: async (id, userId) => images.read(await inputImage(id, userId)),
    sourceOf: (id, userId) =>
      baseSourceOf(id, userId, {
        image: (imageId, owner) => inputImage(imageId, owner).catch(() => null),
        task: (taskId) => services.findTask(taskId),
      }),
    sink: {
      savePreview: (taskId, image) => images.savePreview(taskId, image),
      dropPreview: (key) => images.dropPreview(key),
      // A result's thumbnail follows its task's completion: the user is shown the image itself first.
      storeResult: (userId, taskId, png, createdAt) =>
        images.store({ userId, kind: 'result', png, taskId, createdAt, thumbLater: true }),
      recordResults: (tx, stored) => images.record(tx, stored),
      // A task made in a project's view adds its results to the view in the same transaction.
      fileResultsIn: async (tx, userId, taskId, folderId) => {
        await projects.addTaskResults(tx, taskId);
        return workspace.fileResultsIn(tx, userId, taskId, folderId);
      },
      recorded: (rows, stored) => images.thumbsFollow(rows, stored),
      fileResults: (userId, taskId, folderId) =>
        Promise.all([workspace.fileResults(userId, taskId, folderId), projects.addTaskResults(database.db, taskId)]),
    },
    settings,
    engine: (name) => services.engines.get(name),
    enqueueLater: (taskId, seconds) => queue.send('generate', { taskId }, { startAfter: seconds }),
    log,
    workerId,
    nodeId,
    signal: services.lifecycle.signal,
    onComplete: (userId) => services.achievements.generationCompleted(userId),
    engineNames: ENGINE_NAMES,
    queued: (engine) => services.queuedTasks(engine, 50),
  });

  services.metrics.watchWorkers(() => runner.running(), settings.concurrency);
  queue.handle('generate', async ({ taskId }) => runner.run(taskId));
  // Hourly, as one scheduled job (not a timer on every node); each sweep is idempotent.
  queue.handle('housekeeping', async () => {
    const removed = await sweepExpired(database.db);
    const events = await services.events.sweep();
    const uploads = await services.sweepAbandonedUploads();
    // Public API answers kept for their Idempotency-Key past their 24 hours.
    const idempotencyKeys = await services.idempotency.sweep();
    const webhookDeliveries = await services.webhooks.sweep();
    // Thumbnails a stopped process did not get to (results made in the last minutes may still be under way).
    const thumbnails = await images.fillThumbs(new Date(Date.now() - THUMB_GRACE_MS));
    log.info(
      { removed: { ...removed, taskEvents: events, uploads, webhookDeliveries, idempotencyKeys }, thumbnails },
      'housekeeping',
    );
  });
  queue.handle('message', (message) => services.messaging.retry(message));
  queue.handle('webhook', async ({ deliveryId }) => void (await services.webhooks.attempt(deliveryId)));
  // Orders of providers that can be asked: settled, closed when expired, refunds confirmed.
  const askable = services.orders.askableProviders();
  queue.handle('payments', async () => {
    const counts = await services.orders.reconciler.sweep(askable);
    if (Object.keys(counts).length) log.info({ counts }, 'payment reconciliation');
  });
  // BACKUP_CRON: one job per tick for the whole deployment (the queue's schedule), one backup at a time.
  // A failure is logged here and thrown on, so the queue records it (and tries once more).
  const lastBackup = services.config.BACKUP_CRON ? lastBackupGauge(services.metrics.registry) : null;
  queue.handle('backup', async () => {
    try {
      await services.backups.scheduled();
      lastBackup?.setToCurrentTime();
    } catch (err) {
      log.error({ err }, 'scheduled backup failed');
      throw err;
    }
  });
  await runner.start();
  // A provider's callback, received by whichever node serves the API, wakes the poll waiting here.
  const stopWakeups = await database.listen(ENGINE_WAKE_CHANNEL, (key) => services.wakeups.wake(key));
  // The embedded database belongs to this process alone: anything left generating is an orphan.
  // On PostgreSQL another live worker may hold it, so only silent ones are taken back.
  const recoverNow = () =>
    runner
      .recover(new Date(Date.now() - (database.kind === 'pglite' ? 0 : settings.staleMs)))
      .catch((err: unknown) => log.error({ err }, 'task recovery failed'));
  await recoverNow();
  const watch = setInterval(
    () =>
      void runner
        .recover(new Date(Date.now() - settings.staleMs))
        .catch((err: unknown) => log.error({ err }, 'task recovery failed')),
    Math.max(1000, settings.staleMs / 2),
  ).unref();
  await queue.work({
    concurrency: { generate: settings.concurrency, housekeeping: 1, message: 2, payments: 1, webhook: 8 },
  });
  // New webhook deliveries are attempted here as their task's change commits; retries come as jobs.
  const stopWebhooks = await services.webhooks.startDelivery();
  await runner.dispatch();
  // A task submitted in this process goes straight to its workers while they have room.
  const detach = services.announcer.attachWorkers((engine) => runner.localSlot(engine));
  await queue.schedule('housekeeping', '17 * * * *');
  if (askable.length) await queue.schedule('payments', '* * * * *');
  // The schedule lives in the database: a removed setting must end it, not leave it running.
  if (services.config.BACKUP_CRON) await queue.schedule('backup', services.config.BACKUP_CRON);
  else await queue.unschedule('backup');
  await queue.send('housekeeping', {});

  return async () => {
    clearInterval(watch);
    detach();
    await runner.stop();
    await stopWebhooks();
    await images.settled();
    await stopWakeups();
    await queue.stop();
    await services.engines.close();
  };
}

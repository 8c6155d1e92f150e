import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientConfig } from '@turing/contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import {
  CANCEL_CHANNEL,
  createEngineRegistry,
  createInputStager,
  createJobQueue,
  createJobWakeups,
  createOpenAiTranslator,
  createTaskAnnouncer,
  generationSettings,
  promptWriterFromConfig,
  reachableFromOutside,
} from './generation/index.ts';
import { createAdminModule } from './modules/admin/index.ts';
import { createAuthModule } from './modules/auth/index.ts';
import { createBackupModule } from './modules/backup/index.ts';
import { createBillingModule } from './modules/billing/index.ts';
import { createBoardModule, boardImageAccess } from './modules/board/index.ts';
import { createCommunityModule, ENVIRONMENT_TAG_SEEDS } from './modules/community/index.ts';
import { createDesignModule } from './modules/design/index.ts';
import { createDeveloperModule } from './modules/developer/index.ts';
import { createProjectModule } from './modules/project/index.ts';
import { createIdentityModule } from './modules/identity/index.ts';
import { createMessagingModule } from './modules/messaging/index.ts';
import { createSupportModule } from './modules/support/index.ts';
import { createEngineDrainStore, createSystemModule } from './modules/system/index.ts';
import { createUploadModule } from './modules/upload/index.ts';
import { createUserModule } from './modules/user/index.ts';
import { createWorkspaceModule } from './modules/workspace/index.ts';
import { createLifecycle } from './platform/lifecycle.ts';
import { createMetrics } from './platform/metrics.ts';
import { processFaults } from './platform/process-faults.ts';
import { VERSION } from './platform/version.ts';
import { createStorageFromConfig } from './storage/from-config.ts';

/**
 * Wires every module once per process: the one place modules are built and given each other's
 * services. The HTTP app and the workers both receive the result, so an API node, a worker node and
 * a test build exactly the same things.
 */
export async function createServices(config: Config, database: Database, log: FastifyBaseLogger) {
  const { db } = database;
  // First: the modules built below are given it, and count what they own.
  const metrics = createMetrics({ role: config.ROLE, version: VERSION });
  const { storage, signer, secret } = await createStorageFromConfig(config);
  const queue = createJobQueue(database, log);
  const settings = generationSettings(config);
  // Provider callbacks (heard on ENGINE_WAKE_CHANNEL by the workers) end a waiting poll early.
  const wakeups = createJobWakeups();
  // Input images a provider fetches by URL (Wan) are staged in our store behind signed URLs, for
  // about the task's time, when PUBLIC_URL is an address the provider can reach; else sent inline.
  const stage = reachableFromOutside(config.PUBLIC_URL)
    ? createInputStager(storage, config.publicUrl, Math.max(300, Math.ceil(config.TASK_TIMEOUT_MS / 1000)))
    : undefined;
  // GPU servers operators drained: every node's fleet reads them when it dispatches.
  const engineDrains = createEngineDrainStore(db);
  const engines = createEngineRegistry(config, log, { wakeups, stage, drains: engineDrains.marks, metrics });
  const translator = config.OPENAI_API_KEY
    ? createOpenAiTranslator({
        apiKey: config.OPENAI_API_KEY,
        baseURL: config.OPENAI_BASE_URL,
        model: config.TRANSLATE_MODEL,
      })
    : null;

  const lifecycle = createLifecycle();

  // Every module is built here, once, in the order they depend on each other; each brings its routes.
  const messaging = createMessagingModule({ config, log, later: (message) => queue.send('message', message) });
  const upload = createUploadModule({ db, storage });
  const { uploads, images } = upload.services;
  // Sessions, codes and limits first; users and billing build on them, and sign-in on all three.
  const identity = createIdentityModule({ database });
  const { sessions, codes, throttle, limits } = identity.services;
  const user = createUserModule({ database, sessions, codes, throttle, uploads });
  const { users } = user.services;
  const billing = await createBillingModule({
    database,
    config,
    welcomeCubes: settings.welcomeCubes,
    activeCap: settings.activeCap,
    limits,
    users,
    onBalanceChanged: (userId) => sessions.userChanged(userId),
    log,
    metrics,
  });
  const { ledger, orders } = billing.services;
  const auth = createAuthModule({
    database,
    config,
    log,
    messaging: messaging.services.messaging,
    deviceSecret: secret,
    sessions,
    codes,
    throttle,
    users,
    invitations: billing.services.invitations,
  });
  const support = await createSupportModule({ db, config, log, uploads, messaging: messaging.services.messaging });
  const workspace = createWorkspaceModule({ database, storage, uploads, foldersMax: config.FOLDERS_MAX });
  // Presentation boards (PDF / PNG); `access` says which images a user may put on one.
  const board = createBoardModule({ storage, log, access: boardImageAccess(database.db) });
  const announcer = createTaskAnnouncer(queue);
  const design = await createDesignModule({
    database,
    log,
    settings,
    eventStreamsPerUser: config.EVENT_STREAMS_PER_USER,
    extraTags: ENVIRONMENT_TAG_SEEDS,
    presetsDir: path.join(config.DATA_DIR, 'presets'),
    storage,
    ledger,
    uploads,
    images,
    workspace: workspace.services.workspace,
    engines,
    translator,
    promptWriter: {
      writer: promptWriterFromConfig(config),
      timeoutMs: config.PROMPT_TIMEOUT_MS,
      daily: { max: config.PROMPT_DAILY_MAX, limits },
    },
    announcer,
    cancelRunning: (taskId) => database.notify(CANCEL_CHANNEL, taskId),
    lifecycle,
    metrics,
    // Webhooks of task events: written by the developer module (built below) in the change's transaction.
    taskChanged: (tx, row, change) => developer.services.webhooks.taskChanged(tx, row, change),
    // Tasks made in a project's view: checked and styled by the project module (built below).
    projectTasks: { prepare: (userId, params, takes) => project.services.projects.prepareTask(userId, params, takes) },
  });
  // After design: the console's content page manages design's preset pictures beside the banners.
  const community = createCommunityModule({
    database,
    storage,
    publicUrl: config.publicUrl,
    log,
    uploads,
    users,
    sessions,
    presetPictures: design.services.presetPictures,
  });
  // The public settings GET /config answers, also written into index.html for the first paint.
  const clientConfig: ClientConfig = {
    ipCountryLookupUrl: config.IP_COUNTRY_LOOKUP ? config.IP_COUNTRY_URL : null,
    testPayments: orders.providerNames().includes('dev'),
  };
  const system = createSystemModule({
    engines,
    engineFor: (model) => settings.engineFor(model),
    models: () => settings.modelsToRun(),
    defaultEngine: config.GENERATION_ENGINE,
    drains: engineDrains,
    database,
    lifecycle,
    version: VERSION,
    faults: processFaults,
    clientConfig,
    // Only where BFL was told to call back: BFL_WEBHOOK_SECRET with PUBLIC_URL.
    bflWebhookSecret: config.BFL_WEBHOOK_SECRET && config.PUBLIC_URL ? config.BFL_WEBHOOK_SECRET : null,
  });
  const admin = await createAdminModule({
    database,
    config,
    limits,
    users,
    ledger,
    fleet: system.services.fleet,
    secondFactorRequired: config.operatorTotpRequired,
    onRoleChanged: (userId) => sessions.userChanged(userId),
  });
  // Read when scraped: the queue from the database (cached), the rest from this process's own state.
  metrics.watch({
    queueDepth: () => admin.services.queueDepth(),
    engineServers: () => system.services.fleet.readiness(),
    streams: () => design.services.events.open(),
    pool: () => database.poolUse?.() ?? null,
  });
  // Programs' way in (API keys, webhooks, /v1): after design, whose tasks it submits and reports.
  const developer = createDeveloperModule({
    database,
    config,
    log,
    tasks: design.services.tasks,
    events: design.services.events,
    uploads,
    modelCatalogue: design.services.modelCatalogue,
    balance: (userId) => ledger.balance(userId),
    activeCap: settings.activeCap,
    works: (userId, page) => community.services.works.list({ ...page, userId, sort: 'latest', period: 'all' }, userId),
    lifecycle,
    version: VERSION,
    metrics,
  });
  developer.services.webhooks.connect({
    results: async (row, tx) => (await design.services.payloads.payloadOf(row, tx)).results,
    resultUrls: (userId, ids) => uploads.ownedImageUrls(userId, ids),
    later: (deliveryId, seconds) => queue.send('webhook', { deliveryId }, { startAfter: seconds }),
    emailOf: async (userId) => (await users.findById(userId))?.email ?? null,
    mail: (mail) => messaging.services.messaging.notifyByEmail(mail),
  });
  // Backups: the operator's download and the scheduled archives (BACKUP_CRON, run by the workers).
  const backup = createBackupModule({
    database,
    storage: storage.kind,
    dataDir: config.DATA_DIR,
    filesDir: config.filesDir,
    backupDir: config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'),
    keep: config.BACKUP_KEEP,
    version: VERSION,
    log,
  });
  const project = createProjectModule({
    database,
    config,
    log,
    storage,
    uploads,
    messaging: messaging.services.messaging,
    limits,
  });
  const modules = [
    messaging,
    upload,
    identity,
    user,
    billing,
    auth,
    support,
    workspace,
    board,
    design,
    community,
    system,
    admin,
    backup,
    developer,
    project,
  ];

  return {
    config,
    database,
    log,
    lifecycle,
    storage,
    signer,
    settings,
    engines,
    wakeups,
    queue,
    /** Hands submitted tasks to the workers (those of this process take theirs directly). */
    announcer,
    /** The process's fault counters (one per process, whatever builds the services). */
    faults: processFaults,
    /** The Prometheus metrics of this process (served on METRICS_LISTEN by main.ts). */
    metrics,
    ...messaging.services,
    ...upload.services,
    ...identity.services,
    ...user.services,
    ...billing.services,
    ...auth.services,
    ...support.services,
    ...workspace.services,
    ...board.services,
    ...design.services,
    ...community.services,
    ...system.services,
    ...admin.services,
    ...backup.services,
    ...developer.services,
    ...project.services,
    /** Every module's routes, bound to the services above; app.ts serves them by surface. */
    routes: modules.map((module) => module.routes),
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;

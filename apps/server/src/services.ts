import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createEngineRegistry } from './generation/engines.ts';
import { createJobWakeups } from './generation/engines/async-job/wakeups.ts';
import { createInputStager, reachableFromOutside } from './generation/input-stager.ts';
import { createJobQueue, createTaskAnnouncer } from './generation/queue.ts';
import { CANCEL_CHANNEL } from './generation/runner.ts';
import { generationSettings } from './generation/settings.ts';
import { createOpenAiTranslator } from './generation/translator.ts';
import { createAdminModule } from './modules/admin/index.ts';
import { createAuthModule } from './modules/auth/index.ts';
import { createBillingModule } from './modules/billing/index.ts';
import { createCommunityModule, ENVIRONMENT_TAG_SEEDS } from './modules/community/index.ts';
import { createDesignModule } from './modules/design/index.ts';
import { createMessagingModule } from './modules/messaging/index.ts';
import { createSupportModule } from './modules/support/index.ts';
import { createEngineDrainStore, createSystemModule } from './modules/system/index.ts';
import { createUploadModule } from './modules/upload/index.ts';
import { createUserModule } from './modules/user/index.ts';
import { createWorkspaceModule } from './modules/workspace/index.ts';
import { createLifecycle } from './platform/lifecycle.ts';
import { processFaults } from './platform/process-faults.ts';
import { createStorageFromConfig } from './storage/from-config.ts';

export type { Lifecycle } from './platform/lifecycle.ts';

/**
 * Wires every module once per process. The HTTP app and the workers both receive the result,
 * so an API node, a worker node and a test build exactly the same things.
 */
export async function createServices(config: Config, database: Database, log: FastifyBaseLogger) {
  const { db } = database;
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
  const engines = createEngineRegistry(config, log, { wakeups, stage, drains: engineDrains.marks });
  const translator = config.OPENAI_API_KEY
    ? createOpenAiTranslator({
        apiKey: config.OPENAI_API_KEY,
        baseURL: config.OPENAI_BASE_URL,
        model: config.TRANSLATE_MODEL,
      })
    : null;

  const messaging = createMessagingModule({ config, log, later: (message) => queue.send('message', message) });
  const upload = createUploadModule({ db, storage });
  const { uploads, images } = upload;
  // Sign-in needs users and invitations, which are built on auth's sessions, codes and limits.
  const auth = createAuthModule({
    database,
    config,
    log,
    messaging: messaging.messaging,
    deviceSecret: secret,
    later: () => ({ users: user.users, invitations: billing.invitations }),
  });
  const { sessions, codes, throttle, limits } = auth;
  const user = createUserModule({ database, sessions, codes, throttle, uploads });
  const billing = await createBillingModule({
    database,
    config,
    welcomeCubes: settings.welcomeCubes,
    activeCap: settings.activeCap,
    limits,
    onBalanceChanged: (userId) => sessions.userChanged(userId),
    log,
  });
  const support = await createSupportModule({ db, config, log, limits, uploads, messaging: messaging.messaging });
  const community = createCommunityModule({
    database,
    storage,
    publicUrl: config.publicUrl,
    log,
    uploads,
    users: user.users,
    sessions,
  });
  const workspace = createWorkspaceModule({ database, storage, uploads, foldersMax: config.FOLDERS_MAX });
  const announcer = createTaskAnnouncer(queue);
  const design = await createDesignModule({
    database,
    log,
    settings,
    eventStreamsPerUser: config.EVENT_STREAMS_PER_USER,
    extraTags: ENVIRONMENT_TAG_SEEDS,
    presetsDir: path.join(config.DATA_DIR, 'presets'),
    storage,
    ledger: billing.ledger,
    uploads,
    images,
    workspace: workspace.workspace,
    engines,
    translator,
    announcer,
    cancelRunning: (taskId) => database.notify(CANCEL_CHANNEL, taskId),
  });
  const admin = createAdminModule({
    database,
    limits,
    users: user.users,
    adminGuard: support.adminGuard,
    secondFactorRequired: config.operatorTotpRequired,
    onRoleChanged: (userId) => sessions.userChanged(userId),
  });
  const system = createSystemModule({
    engines,
    engineFor: (model) => settings.engineFor(model),
    models: () => settings.modelsToRun(),
    defaultEngine: config.GENERATION_ENGINE,
    drains: engineDrains,
    transaction: (work) => database.transaction(work),
  });

  return {
    config,
    database,
    log,
    lifecycle: createLifecycle(),
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
    ...messaging,
    ...upload,
    ...auth,
    ...user,
    ...billing,
    ...support,
    ...community,
    ...workspace,
    ...design,
    ...system,
    ...admin,
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;

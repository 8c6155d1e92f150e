import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createGoogleClient } from './modules/auth/google.client.ts';
import { createOAuthService } from './modules/auth/oauth.service.ts';
import { createRateCounterRepository } from './modules/auth/rate-counter.repository.ts';
import { createRateCounterService } from './modules/auth/rate-counter.service.ts';
import { createSessionRepository } from './modules/auth/session.repository.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createThrottle } from './modules/auth/throttle.ts';
import { createVerificationCodeService } from './modules/auth/verification-code.service.ts';
import { createWechatClient } from './modules/auth/wechat.client.ts';
import { createMessagingService } from './modules/messaging/messaging.service.ts';
import { createAdminGuard } from './modules/support/admin-guard.ts';
import { ensureAdminToken } from './modules/support/admin-token.ts';
import { createSupportService } from './modules/support/support.service.ts';
import { createAchievementService } from './modules/community/achievements.service.ts';
import { createCreatorService } from './modules/community/creators.service.ts';
import { createFollowService } from './modules/community/follows.service.ts';
import { createModerationService } from './modules/community/moderation.service.ts';
import { createFleetService } from './modules/system/fleet.service.ts';
import { createUploadService } from './modules/upload/upload.service.ts';
import { createUserService } from './modules/user/user.service.ts';
import { ENVIRONMENT_TAG_SEEDS } from './modules/community/community-tags.data.ts';
import { createWorksService } from './modules/community/works.service.ts';
import { createWorkspaceService } from './modules/workspace/workspace.service.ts';
import { createLedgerService } from './modules/billing/ledger.service.ts';
import { createProductCatalogue } from './modules/billing/catalogue.service.ts';
import { createOrderService } from './modules/billing/orders.service.ts';
import { createPayments } from './modules/billing/payments/payments.ts';
import { createInvitationService } from './modules/billing/invitation.service.ts';
import { createRedemptionService } from './modules/billing/redemption.service.ts';
import { createCatalogueService } from './modules/design/catalogue.service.ts';
import { createLineArtService } from './modules/design/line-art.ts';
import { createTaskEvents } from './modules/design/task-events.ts';
import { createTaskPayloads } from './modules/design/task-payload.ts';
import { createTaskService } from './modules/design/task.service.ts';
import { createTaskLifecycle } from './generation/lifecycle/index.ts';
import { createGeneratedImages } from './modules/upload/generated-images.ts';
import { createEngineRegistry } from './generation/engines.ts';
import { createJobQueue, createTaskAnnouncer } from './generation/queue.ts';
import { CANCEL_CHANNEL } from './generation/runner.ts';
import { generationSettings } from './generation/settings.ts';
import { createOpenAiTranslator } from './generation/translator.ts';
import { processFaults } from './platform/process-faults.ts';
import { createLocalStorage } from './storage/local.ts';
import { createS3Storage } from './storage/s3.ts';
import { ensureSecretFile } from './storage/secret-file.ts';
import { createUrlSigner } from './storage/signed-urls.ts';

/** What a process is doing right now; readiness answers 503 and streams end while it drains. */
export interface Lifecycle {
  readonly draining: boolean;
  /** Aborted when shutdown starts: long-lived work (event streams, workers) stops on it. */
  readonly signal: AbortSignal;
  drain(): void;
}

function createLifecycle(): Lifecycle {
  const controller = new AbortController();
  return {
    get draining() {
      return controller.signal.aborted;
    },
    signal: controller.signal,
    drain: () => controller.abort(),
  };
}

/**
 * Wires every service once per process. The HTTP app and the workers both receive the result,
 * so an API node, a worker node and a test build exactly the same things.
 */
export async function createServices(config: Config, database: Database, log: FastifyBaseLogger) {
  const { db } = database;
  const signer = createUrlSigner(await ensureSecretFile(config.DATA_DIR, 'file-url-secret', config.FILE_URL_SECRET));
  const storage = config.S3_BUCKET
    ? createS3Storage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        publicUrl: config.S3_PUBLIC_URL,
        signer,
      })
    : createLocalStorage({ root: config.filesDir, signer });
  const adminToken = await ensureAdminToken({ dataDir: config.DATA_DIR, configured: config.ADMIN_TOKEN });
  const adminGuard = createAdminGuard({
    token: adminToken,
    limits: createRateCounterService(createRateCounterRepository(db)),
  });
  const sessions = createSessionService(createSessionRepository(db));
  const uploads = createUploadService({ db, storage });
  const codes = createVerificationCodeService(db);
  const throttle = createThrottle(createRateCounterService(createRateCounterRepository(db)));
  const users = createUserService({ database, sessions, uploads, codes, throttle });
  const queue = createJobQueue(database, log);
  const messaging = createMessagingService(config, log, { later: (message) => queue.send('message', message) });
  const invitations = createInvitationService({
    database,
    publicUrl: config.publicUrl,
    bonusCubes: config.INVITE_BONUS_CUBES,
    welcomeCubes: config.WELCOME_CUBES,
    maxBonuses: config.INVITE_BONUS_MAX,
  });
  const auth = createAuthService({ database, users, sessions, messaging, codes, throttle, invitations, log });
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleClient({
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          issuer: config.GOOGLE_ISSUER,
        })
      : null;
  const wechat =
    config.WECHAT_APP_ID && config.WECHAT_APP_SECRET
      ? createWechatClient({
          appId: config.WECHAT_APP_ID,
          appSecret: config.WECHAT_APP_SECRET,
          apiUrl: config.WECHAT_API_URL,
          authorizeUrl: config.WECHAT_AUTHORIZE_URL,
        })
      : null;
  const oauth = createOAuthService({ db, publicUrl: config.publicUrl, users, sessions, google, wechat, log });
  const support = createSupportService({ db, uploads, messaging, log, publicUrl: config.PUBLIC_URL });
  const achievements = createAchievementService({ db, log });
  const creators = createCreatorService({ db, imageUrl: uploads.url });
  const follows = createFollowService({ db, achievements, isActive: creators.isActive });
  const moderation = createModerationService({ database, users, sessions });

  const settings = generationSettings(config);
  const ledger = createLedgerService({ database, welcomeCubes: settings.welcomeCubes, activeCap: settings.activeCap });
  const redemption = createRedemptionService({
    database,
    limits: createRateCounterService(createRateCounterRepository(db)),
    welcomeCubes: settings.welcomeCubes,
  });
  const catalogue = createCatalogueService(db, { extraTags: ENVIRONMENT_TAG_SEEDS });
  await catalogue.seed();
  const products = createProductCatalogue(db);
  await products.seed();
  const payments = createPayments(config);
  const orders = createOrderService({
    database,
    catalogue: products,
    ledger,
    providers: payments.providers,
    onBalanceChanged: (userId) => sessions.userChanged(userId),
    log,
  });
  const works = createWorksService({ database, storage, uploads, publicUrl: config.publicUrl, achievements });
  const images = createGeneratedImages({ db, storage });
  const events = createTaskEvents(database, { perUser: config.EVENT_STREAMS_PER_USER });
  const engines = createEngineRegistry(config, log);
  const fleet = createFleetService({
    engines,
    engineFor: (model) => settings.engineFor(model),
    defaultEngine: config.GENERATION_ENGINE,
  });
  const translator = config.OPENAI_API_KEY
    ? createOpenAiTranslator({
        apiKey: config.OPENAI_API_KEY,
        baseURL: config.OPENAI_BASE_URL,
        model: config.TRANSLATE_MODEL,
      })
    : null;
  const workspace = createWorkspaceService({ database, uploads, storage });
  const payloads = createTaskPayloads({
    database,
    settings,
    uploads,
    images,
    // An engine that cannot be made (no API key, no server URL) has no capacity to count and takes no task.
    capacity: async (engine) => (await engines.get(engine).catch(() => null))?.capacity(),
  });
  const taskLifecycle = createTaskLifecycle({
    database,
    ledger,
    publish: async (tx, row) => events.publish(tx, row.userId, await payloads.payloadOf(row, tx)),
    enqueue: createTaskAnnouncer(database, queue),
  });
  const tasks = createTaskService({
    database,
    settings,
    ledger,
    catalogue,
    uploads,
    images,
    payloads,
    lifecycle: taskLifecycle,
    translator,
    canCancelRunning: (engine) => engines.canCancelRunning(engine),
    engineAvailable: async (engine) => (await engines.get(engine).catch(() => null))?.available() ?? false,
    cancelRunning: (taskId) => database.notify(CANCEL_CHANNEL, taskId),
    assertFolder: (userId, folderId) => workspace.assertFolder(userId, folderId),
  });
  const lineArt = createLineArtService({ uploads, images });
  return {
    config,
    database,
    log,
    lifecycle: createLifecycle(),
    storage,
    signer,
    adminToken,
    adminGuard,
    sessions,
    uploads,
    users,
    messaging,
    auth,
    google,
    wechat,
    oauth,
    support,
    achievements,
    creators,
    follows,
    moderation,
    settings,
    ledger,
    redemption,
    invitations,
    catalogue,
    products,
    orders,
    stripe: payments.stripe,
    works,
    images,
    events,
    engines,
    fleet,
    /** The process's fault counters (one per process, whatever builds the services). */
    faults: processFaults,
    queue,
    tasks,
    taskLifecycle,
    lineArt,
    workspace,
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;

import type { Database } from '../../db/client.ts';
import { scoped } from '../../db/scoped.ts';
import {
  createTaskLifecycle,
  createTaskStateRepository,
  type EngineRegistry,
  type GenerationSettings,
  type LifecycleDeps,
  type PromptWriter,
  type Translator,
} from '../../generation/index.ts';
import type { Lifecycle } from '../../platform/lifecycle.ts';
import { bindRoutes, moduleParts } from '../../shared/module-parts.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import type { LedgerService } from '../billing/index.ts';
import type { GeneratedImages, UploadService } from '../upload/index.ts';
import type { WorkspaceService } from '../workspace/index.ts';
import type { TagSeed } from './catalogue/tags.data.ts';
import { createCatalogueRepository } from './catalogue.repository.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { designModule } from './design.routes.ts';
import { createLineArtService } from './line-art.ts';
import { createModelCatalogue } from './model-catalogue.ts';
import { createPresetImages } from './presets/preset-images.ts';
import { createPresetPicturesRepository } from './presets/preset-pictures.repository.ts';
import { createPresetPicturesService, createPresetReplacements } from './presets/preset-pictures.service.ts';
import { promptHelpRoutes } from './prompt-help/prompt-help.routes.ts';
import { createPromptHelpService, type PromptHelpDeps } from './prompt-help/prompt-help.service.ts';
import { createQueueUpdates } from './queue-updates.ts';
import { createTaskEvents } from './task-events.ts';
import { createTaskPayloads } from './task-payload.ts';
import { createTaskRepository } from './task.repository.ts';
import { createTaskService, type ProjectTaskInputs } from './task.service.ts';

export interface DesignModuleDeps {
  database: Database;
  settings: GenerationSettings;
  /** Event streams one user may hold open (EVENT_STREAMS_PER_USER). */
  eventStreamsPerUser: number;
  /** Tags other modules add to the catalogue (the community's environments). */
  extraTags: readonly TagSeed[];
  /** Tag thumbnails dropped in a folder (<DATA_DIR>/presets), under those replaced from the console. */
  presetsDir?: string;
  /** Where pictures replaced from the console are kept. */
  storage: ObjectStorage;
  ledger: LedgerService;
  uploads: UploadService;
  images: GeneratedImages;
  workspace: Pick<WorkspaceService, 'assertFolder'>;
  engines: Pick<EngineRegistry, 'get' | 'canCancelRunning'>;
  translator: Translator | null;
  /** The language model of "Improve prompt", how long it is waited for and its daily bound; without one, prompts are composed offline. */
  promptWriter?: { writer: PromptWriter | null; timeoutMs: number; daily?: PromptHelpDeps['daily'] };
  /** Hands a task to the generation workers (announces it, or schedules it while it waits for a server). */
  announcer: Pick<LifecycleDeps, 'announcement' | 'enqueue' | 'localSlot'>;
  /** Tells the process running a task to stop it. */
  cancelRunning: (taskId: string) => Promise<void>;
  /** The process's: open event streams end when it starts to drain. */
  lifecycle: Lifecycle;
  log: LifecycleDeps['log'];
  /** The process's metrics: tasks submitted, ended and refunded, their run and queue times. */
  metrics?: LifecycleDeps['metrics'];
  /** Told of each change of a task's state, in its transaction (the developer module's webhooks). */
  taskChanged?: LifecycleDeps['taskChanged'];
  /** Tasks made in a project's view: checked and styled by the project module (built after this one). */
  projectTasks?: ProjectTaskInputs;
}

/** Design tasks from submission to their end, the tag and word catalogue, and line art. */
export async function createDesignModule(deps: DesignModuleDeps) {
  const { database, settings, ledger, uploads, images, engines } = deps;
  const transaction: Database['transaction'] = (work) => database.transaction(work);
  const presetRows = scoped(database.db, createPresetPicturesRepository);
  const taskReads = scoped(database.db, (db) => createTaskRepository(db, settings));
  const presetImages = createPresetImages({
    overridesDir: deps.presetsDir,
    replacements: createPresetReplacements(presetRows.pool, deps.storage),
  });
  const catalogue = createCatalogueService({
    catalogue: scoped(database.db, createCatalogueRepository),
    transaction,
    extraTags: deps.extraTags,
    presetImages,
  });
  await catalogue.seed();
  const events = createTaskEvents(database, { perUser: deps.eventStreamsPerUser });
  const payloads = createTaskPayloads({
    tasks: taskReads,
    settings,
    uploads,
    images,
    // An engine that cannot be made (no API key, no server URL) has no capacity to count and takes no task.
    capacity: async (engine) => (await engines.get(engine).catch(() => null))?.capacity(),
  });
  const line = createQueueUpdates({ tasks: taskReads.pool, payloads, events, log: deps.log });
  const taskLifecycle = createTaskLifecycle({
    states: scoped(database.db, createTaskStateRepository),
    transaction,
    databaseKind: database.kind,
    ledger,
    publish: async (tx, row, opts) =>
      events.publish(
        tx,
        row.userId,
        await payloads.payloadOf(row, tx ?? undefined, opts?.results ? { results: opts.results } : undefined),
        opts?.also,
      ),
    announcement: deps.announcer.announcement,
    enqueue: deps.announcer.enqueue,
    localSlot: deps.announcer.localSlot,
    planLaneShare: settings.planLaneShare,
    log: deps.log,
    lineMoved: (row) => line.moved(row.engine),
    metrics: deps.metrics,
    taskChanged: deps.taskChanged,
  });
  const tasks = createTaskService({
    tasks: taskReads.pool,
    settings,
    ledger,
    catalogue,
    uploads,
    images,
    payloads,
    lifecycle: taskLifecycle,
    translator: deps.translator,
    canCancelRunning: (engine) => engines.canCancelRunning(engine),
    engineAvailable: async (engine) => (await engines.get(engine).catch(() => null))?.available() ?? false,
    cancelRunning: deps.cancelRunning,
    assertFolder: (userId, folderId) => deps.workspace.assertFolder(userId, folderId),
    projects: deps.projectTasks,
  });
  const reads = taskReads.pool;
  // The places sent to queued tasks stop with the events they travel as.
  const taskEvents = {
    ...events,
    async stop() {
      line.stop();
      await events.stop();
    },
  };
  const lineArt = createLineArtService({ uploads, images });
  const modelCatalogue = createModelCatalogue(settings);
  return moduleParts(
    {
      catalogue,
      /** The pictures of style and material presets, as operators replace them. */
      presetPictures: createPresetPicturesService({
        presets: presetRows,
        transaction,
        storage: deps.storage,
        images: presetImages,
      }),
      events: taskEvents,
      payloads,
      taskLifecycle,
      tasks,
      lineArt,
      modelCatalogue,
      /** A task's row as the generation workers read it. */
      findTask: (id: string) => reads.findById(id),
      /** The oldest queued tasks of an engine, oldest first (the workers claim them in the fair order). */
      queuedTasks: (engine: string, limit: number) => reads.queued(engine, limit),
    },
    {
      public: [
        bindRoutes(designModule, {
          tasks,
          catalogue,
          events: taskEvents,
          lineArt,
          modelCatalogue,
          lifecycle: deps.lifecycle,
          balance: (userId) => ledger.balance(userId),
        }),
        bindRoutes(promptHelpRoutes, {
          help: createPromptHelpService({
            catalogue,
            settings,
            log: deps.log,
            ...(deps.promptWriter ?? { writer: null, timeoutMs: 0 }),
          }),
        }),
      ],
    },
  );
}

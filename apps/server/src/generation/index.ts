// What the rest of the server uses of generation: code outside this folder imports only this file
// (eslint.config.js). The configuration is the exception: generation reads its Config, so config.ts
// reads the engine list (engines/index.ts) and the settings' formats directly, below this entry.
export type { Engine, EngineHealth, EngineName, EngineTask } from './engine.ts';
export { ENGINE_NAMES } from './engines/index.ts';
export { createEngineRegistry, type EngineRegistry } from './engines.ts';
export { createJobWakeups } from './engines/async-job/wakeups.ts';
export type { DrainMark, DrainSource } from './engines/comfyui/operator-drains.ts';
export { preview as previewEngine } from './engines/preview/descriptor.ts';
export { renderImage as renderPreviewImage } from './engines/preview/render-modes.ts';
export { createInputStager, reachableFromOutside } from './input-stager.ts';
export {
  createTaskLifecycle,
  createTaskStateRepository,
  type LifecycleDeps,
  type TaskLifecycle,
} from './lifecycle/index.ts';
export { MODEL_CATALOGUE } from './models.ts';
export { createJobQueue, createTaskAnnouncer, type Announcement } from './queue.ts';
export { CANCEL_CHANNEL, createTaskRunner } from './scheduler.ts';
export { resultSeed } from './seeds.ts';
export { generationSettings, type GenerationSettings } from './settings.ts';
export { createOpenAiTranslator, needsTranslation, type Translator } from './translator.ts';
export { promptWriterFromConfig, type PromptWriter, type PromptWriterInput } from './prompt-writer.ts';
export { baseSourceOf } from './upscaler/source.ts';

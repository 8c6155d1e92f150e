export { createDesignModule } from './design.module.ts';
export type { PresetPicturesService } from './presets/preset-pictures.service.ts';
export type { TaskService } from './task.service.ts';
export type { TaskEvents } from './task-events.ts';
export type { ModelCatalogue } from './model-catalogue.ts';

export { createDesignModule, type DesignModule, type DesignModuleDeps } from './design.module.ts';
export { designModule } from './design.routes.ts';
export type { CatalogueService } from './catalogue.service.ts';
export type { PresetPicturesService } from './presets/preset-pictures.service.ts';
export type { TaskEvents } from './task-events.ts';
export type { TaskService } from './task.service.ts';

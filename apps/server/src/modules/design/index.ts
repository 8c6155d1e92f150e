export { createDesignModule } from './design.module.ts';
export type { PresetPicturesService } from './presets/preset-pictures.service.ts';

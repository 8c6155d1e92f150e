import type { FolderImage } from '@turing/contract';
import { PATHS } from '../../../shared/routes/paths.ts';

/** What a studio page reads from router state (the studio's handoff shape). */
export interface StudioState {
  params?: Record<string, unknown>;
  base?: { id: string; url: string; width: number; height: number };
}

const PAGE: Record<string, string> = {
  text: PATHS.textGenerate,
  iterate: PATHS.iterationRendering,
  upscale: PATHS.iterationRendering,
  edit: PATHS.stepEditing,
};

/** The studio page that makes images the way these parameters did. */
const studioPathFor = (params: Record<string, unknown> | null) => PAGE[String(params?.mode)] ?? PATHS.textGenerate;

/** "Open in studio": the page of the image's mode, prefilled with its parameters. */
export function paramsLink(params: Record<string, unknown>): { path: string; state: StudioState } {
  return { path: studioPathFor(params), state: { params } };
}

/** "Use as base image": iterative rendering, starting from this image. */
export function baseImageLink(image: FolderImage): { path: string; state: StudioState } {
  return {
    path: PATHS.iterationRendering,
    state: { base: { id: image.imageId, url: image.url, width: image.width, height: image.height } },
  };
}

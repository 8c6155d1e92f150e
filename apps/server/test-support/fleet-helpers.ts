import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MODELS } from './comfyui/comfy-test-kit.ts';

/** A local address nothing listens on: connections are refused, as from a GPU server that died. */
export async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Settings for a ComfyUI fleet at `urls` whose model files are the fake server's. */
export const comfySettings = (urls: string[]) => ({
  COMFYUI_URLS: urls.join(','),
  COMFYUI_CHECKPOINT: MODELS.checkpoint,
  COMFYUI_CHECKPOINT_BETA: MODELS.checkpointBeta,
  COMFYUI_CONTROLNET_DEPTH: MODELS.controlnetDepth,
  COMFYUI_CONTROLNET_LINEART: MODELS.controlnetLineArt,
  COMFYUI_UPSCALE_MODEL: MODELS.upscaleModel,
});

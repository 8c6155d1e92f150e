import type { ComfyModels } from './workflow-mapping.ts';

/** Where ComfyUI lists the model files it can load, per configured model. */
const MODEL_INPUTS: { key: keyof ComfyModels; node: string; input: string }[] = [
  { key: 'checkpoint', node: 'CheckpointLoaderSimple', input: 'ckpt_name' },
  { key: 'checkpointBeta', node: 'CheckpointLoaderSimple', input: 'ckpt_name' },
  { key: 'controlnetDepth', node: 'ControlNetLoader', input: 'control_net_name' },
  { key: 'controlnetLineArt', node: 'ControlNetLoader', input: 'control_net_name' },
  { key: 'upscaleModel', node: 'UpscaleModelLoader', input: 'model_name' },
  { key: 'ipadapter', node: 'IPAdapterModelLoader', input: 'ipadapter_file' },
  { key: 'clipVision', node: 'CLIPVisionLoader', input: 'clip_name' },
];

/**
 * What a server lacks to run our templates: node classes and model files, read from /object_info.
 * Finding it before dispatch keeps tasks off a server that would only answer with node_errors.
 */
export function missingOnServer(info: Record<string, unknown>, classes: string[], models: ComfyModels): string[] {
  const missing: string[] = [];
  const absent = classes.filter((c) => !(c in info));
  if (absent.length > 0) missing.push(`nodes ${absent.join(', ')}`);
  for (const { key, node, input } of MODEL_INPUTS) {
    const name = models[key];
    if (!name || !(node in info)) continue;
    const options = comboOptions(info[node], input);
    if (options && !options.includes(name)) missing.push(`${key} "${name}" (${node}.${input})`);
  }
  return missing;
}

/** A combo's options: `[[...options], {...}]` on older servers, `["COMBO", {options}]` on newer ones. */
function comboOptions(nodeInfo: unknown, input: string): string[] | undefined {
  const inputs = (nodeInfo as { input?: { required?: Record<string, unknown>; optional?: Record<string, unknown> } })
    ?.input;
  const spec = inputs?.required?.[input] ?? inputs?.optional?.[input];
  if (!Array.isArray(spec)) return undefined;
  if (Array.isArray(spec[0])) return spec[0].filter((v): v is string => typeof v === 'string');
  const options = (spec[1] as { options?: unknown } | undefined)?.options;
  return Array.isArray(options) ? options.filter((v): v is string => typeof v === 'string') : undefined;
}

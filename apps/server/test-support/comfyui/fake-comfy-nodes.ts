/**
 * /object_info of the test server: the built-in node classes the templates use, with their combo
 * inputs in both formats ComfyUI has used (`[[options], {}]` and `["COMBO", {options}]`).
 */
export interface FakeModels {
  checkpoints: string[];
  controlnets: string[];
  upscaleModels: string[];
}

type InputSpec = unknown[];

const plain = (...names: string[]): Record<string, InputSpec> =>
  Object.fromEntries(names.map((name) => [name, ['*', {}]]));

export function fakeObjectInfo(models: FakeModels, missing: string[] = []): Record<string, unknown> {
  const nodes: Record<string, Record<string, InputSpec>> = {
    CheckpointLoaderSimple: { ckpt_name: [models.checkpoints, {}] },
    CLIPTextEncode: plain('text', 'clip'),
    EmptyLatentImage: plain('width', 'height', 'batch_size'),
    KSampler: plain(
      'model',
      'seed',
      'steps',
      'cfg',
      'sampler_name',
      'scheduler',
      'positive',
      'negative',
      'latent_image',
      'denoise',
    ),
    VAEDecode: plain('samples', 'vae'),
    VAEEncode: plain('pixels', 'vae'),
    SaveImage: plain('images', 'filename_prefix'),
    LoadImage: { image: [[], { image_upload: true }] },
    LoadImageMask: { image: [[], {}], channel: [['alpha', 'red', 'green', 'blue'], {}] },
    ImageScale: plain('image', 'upscale_method', 'width', 'height', 'crop'),
    ImageScaleBy: plain('image', 'upscale_method', 'scale_by'),
    LatentBlend: plain('samples1', 'samples2', 'blend_factor'),
    RepeatLatentBatch: plain('samples', 'amount'),
    RepeatImageBatch: plain('image', 'amount'),
    SetLatentNoiseMask: plain('samples', 'mask'),
    ImageCompositeMasked: plain('destination', 'source', 'x', 'y', 'resize_source', 'mask'),
    ControlNetLoader: { control_net_name: ['COMBO', { options: models.controlnets }] },
    ControlNetApplyAdvanced: plain(
      'positive',
      'negative',
      'control_net',
      'image',
      'strength',
      'start_percent',
      'end_percent',
    ),
    UpscaleModelLoader: { model_name: [models.upscaleModels, {}] },
    ImageUpscaleWithModel: plain('upscale_model', 'image'),
  };
  return Object.fromEntries(
    Object.entries(nodes)
      .filter(([name]) => !missing.includes(name))
      .map(([name, required]) => [
        name,
        { input: { required }, name, display_name: name, output_node: name === 'SaveImage', category: 'test' },
      ]),
  );
}

/** The combo input each model loader validates against the files the server has. */
export const MODEL_COMBOS: Record<string, { input: string; list: keyof FakeModels }> = {
  CheckpointLoaderSimple: { input: 'ckpt_name', list: 'checkpoints' },
  ControlNetLoader: { input: 'control_net_name', list: 'controlnets' },
  UpscaleModelLoader: { input: 'model_name', list: 'upscaleModels' },
};

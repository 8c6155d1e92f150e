/**
 * /object_info of the test server: the built-in node classes the templates use, with their combo
 * inputs in both formats ComfyUI has used (`[[options], {}]` and `["COMBO", {options}]`), and the
 * ComfyUI_IPAdapter_plus classes our IP-Adapter branch uses, with their inputs as that pack
 * declares them (IPAdapterPlus.py: INPUT_TYPES of IPAdapterModelLoader and IPAdapterAdvanced).
 */
export interface FakeModels {
  checkpoints: string[];
  controlnets: string[];
  upscaleModels: string[];
  /** models/ipadapter */
  ipadapters: string[];
  /** models/clip_vision */
  clipVisions: string[];
}

type InputSpec = unknown[];

interface NodeSpec {
  required: Record<string, InputSpec>;
  optional?: Record<string, InputSpec>;
}

const plain = (...names: string[]): Record<string, InputSpec> =>
  Object.fromEntries(names.map((name) => [name, ['*', {}]]));

/** IPAdapterPlus.py's WEIGHT_TYPES. */
const IPADAPTER_WEIGHT_TYPES = [
  'linear',
  'ease in',
  'ease out',
  'ease in-out',
  'reverse in-out',
  'weak input',
  'weak output',
  'weak middle',
  'strong middle',
  'style transfer',
  'composition',
  'strong style transfer',
  'style and composition',
  'style transfer precise',
  'composition precise',
];

/** The node classes of the ComfyUI_IPAdapter_plus pack that our templates use. */
export const IPADAPTER_CLASSES = ['IPAdapterModelLoader', 'IPAdapterAdvanced'];

function nodeSpecs(models: FakeModels): Record<string, NodeSpec> {
  const req = (required: Record<string, InputSpec>): NodeSpec => ({ required });
  return {
    CheckpointLoaderSimple: req({ ckpt_name: [models.checkpoints, {}] }),
    CLIPTextEncode: req(plain('text', 'clip')),
    EmptyLatentImage: req(plain('width', 'height', 'batch_size')),
    KSampler: req(
      plain(
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
    ),
    VAEDecode: req(plain('samples', 'vae')),
    VAEEncode: req(plain('pixels', 'vae')),
    SaveImage: req(plain('images', 'filename_prefix')),
    LoadImage: req({ image: [[], { image_upload: true }] }),
    LoadImageMask: req({ image: [[], {}], channel: [['alpha', 'red', 'green', 'blue'], {}] }),
    ImageScale: req(plain('image', 'upscale_method', 'width', 'height', 'crop')),
    ImageScaleBy: req(plain('image', 'upscale_method', 'scale_by')),
    LatentBlend: req(plain('samples1', 'samples2', 'blend_factor')),
    RepeatLatentBatch: req(plain('samples', 'amount')),
    RepeatImageBatch: req(plain('image', 'amount')),
    SetLatentNoiseMask: req(plain('samples', 'mask')),
    ImageCompositeMasked: req(plain('destination', 'source', 'x', 'y', 'resize_source', 'mask')),
    ControlNetLoader: req({ control_net_name: ['COMBO', { options: models.controlnets }] }),
    ControlNetApplyAdvanced: req(
      plain('positive', 'negative', 'control_net', 'image', 'strength', 'start_percent', 'end_percent'),
    ),
    UpscaleModelLoader: req({ model_name: [models.upscaleModels, {}] }),
    ImageUpscaleWithModel: req(plain('upscale_model', 'image')),
    CLIPVisionLoader: req({ clip_name: [models.clipVisions, {}] }),
    // ComfyUI_IPAdapter_plus; a stock server lacks them (`missingNodes: IPADAPTER_CLASSES`).
    IPAdapterModelLoader: req({ ipadapter_file: [models.ipadapters, {}] }),
    IPAdapterAdvanced: {
      required: {
        model: ['MODEL', {}],
        ipadapter: ['IPADAPTER', {}],
        image: ['IMAGE', {}],
        weight: ['FLOAT', { default: 1.0, min: -1, max: 5, step: 0.05 }],
        weight_type: [IPADAPTER_WEIGHT_TYPES, {}],
        combine_embeds: [['concat', 'add', 'subtract', 'average', 'norm average'], {}],
        start_at: ['FLOAT', { default: 0.0, min: 0.0, max: 1.0, step: 0.001 }],
        end_at: ['FLOAT', { default: 1.0, min: 0.0, max: 1.0, step: 0.001 }],
        embeds_scaling: [['V only', 'K+V', 'K+V w/ C penalty', 'K+mean(V) w/ C penalty'], {}],
      },
      optional: { image_negative: ['IMAGE', {}], attn_mask: ['MASK', {}], clip_vision: ['CLIP_VISION', {}] },
    },
  };
}

/** The node classes a server with these models lists, with their inputs, as /object_info answers. */
export function fakeObjectInfo(models: FakeModels, missing: string[] = []): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(nodeSpecs(models))
      .filter(([name]) => !missing.includes(name))
      .map(([name, input]) => [
        name,
        { input, name, display_name: name, output_node: name === 'SaveImage', category: 'test' },
      ]),
  );
}

/** The inputs a node class declares (required and optional), or undefined for a class the server lacks. */
export function inputSpecs(models: FakeModels, classType: string): NodeSpec | undefined {
  return nodeSpecs(models)[classType];
}

/** The combo input each model loader validates against the files the server has. */
export const MODEL_COMBOS: Record<string, { input: string; list: keyof FakeModels }> = {
  CheckpointLoaderSimple: { input: 'ckpt_name', list: 'checkpoints' },
  ControlNetLoader: { input: 'control_net_name', list: 'controlnets' },
  UpscaleModelLoader: { input: 'model_name', list: 'upscaleModels' },
  CLIPVisionLoader: { input: 'clip_name', list: 'clipVisions' },
  IPAdapterModelLoader: { input: 'ipadapter_file', list: 'ipadapters' },
};

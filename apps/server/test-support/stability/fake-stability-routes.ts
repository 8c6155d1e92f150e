/**
 * The documented field rules of Stability AI's REST v2beta image endpoints, per route: required
 * fields, enums, ranges and image limits (generate, control sketch / structure / style guide /
 * style transfer, inpaint, upscale). A route answers the size of the image it makes, or throws
 * `Invalid` with the message a 400 carries.
 */

export interface ReceivedFile {
  type: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  bytes: Buffer;
}

const ASPECTS = ['16:9', '1:1', '21:9', '2:3', '3:2', '4:5', '5:4', '9:16', '9:21'];
const FORMATS = ['png', 'jpeg', 'webp'];
const SD3_MODELS = ['sd3.5-large', 'sd3.5-large-turbo', 'sd3.5-medium', 'sd3.5-flash'];
export const MAX_SEED = 4_294_967_294;

export class Invalid extends Error {}

function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Invalid(message);
}

/** Documented image limits of the image-taking endpoints. */
function checkImage(
  file: ReceivedFile | undefined,
  name: string,
  limits: { minSide: number; minPixels: number; maxPixels: number; maxSide?: number; aspect?: boolean },
): ReceivedFile {
  check(file !== undefined, `${name}: required`);
  const { width, height } = file;
  check(Math.min(width, height) >= limits.minSide, `${name}: every side must be at least ${limits.minSide} pixels`);
  if (limits.maxSide)
    check(Math.max(width, height) <= limits.maxSide, `${name}: sides must be at most ${limits.maxSide} pixels`);
  const pixels = width * height;
  check(
    pixels >= limits.minPixels && pixels <= limits.maxPixels,
    `${name}: total pixel count must be between ${limits.minPixels} and ${limits.maxPixels}`,
  );
  if (limits.aspect)
    check(width / height <= 2.5 && height / width <= 2.5, `${name}: aspect ratio must be between 1:2.5 and 2.5:1`);
  return file;
}

function checkCommon(fields: Record<string, string>, needsPrompt: boolean) {
  if (needsPrompt) check(!!fields.prompt && fields.prompt.length <= 10_000, 'prompt: must be 1 to 10000 characters');
  if (fields.negative_prompt !== undefined)
    check(fields.negative_prompt.length <= 10_000, 'negative_prompt: at most 10000 characters');
  if (fields.seed !== undefined) {
    const seed = Number(fields.seed);
    check(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED, `seed: must be an integer from 0 to ${MAX_SEED}`);
  }
  if (fields.output_format !== undefined)
    check(FORMATS.includes(fields.output_format), 'output_format: must be one of png, jpeg, webp');
}

function unit(fields: Record<string, string>, name: string, min = 0, max = 1) {
  if (fields[name] === undefined) return;
  const v = Number(fields[name]);
  check(Number.isFinite(v) && v >= min && v <= max, `${name}: must be between ${min} and ${max}`);
}

/** Width × height of about `pixels` at the ratio `w:h`, multiples of 64 as the models make them. */
function sizeAt(ratio: number, pixels: number) {
  const height = Math.sqrt(pixels / ratio);
  const round = (v: number) => Math.max(64, Math.round(v / 64) * 64);
  return { width: round(height * ratio), height: round(height) };
}

const aspectRatio = (aspect: string) => {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return w / h;
};

/** What a route makes from a valid request: the size of its output. */
export type Route = (
  fields: Record<string, string>,
  files: Record<string, ReceivedFile>,
) => { width: number; height: number };

const generate =
  (pixels: number, opts: { sd3?: boolean; imageToImage?: boolean } = {}): Route =>
  (fields, files) => {
    checkCommon(fields, true);
    const i2i = opts.sd3 ? fields.mode === 'image-to-image' : files.image !== undefined;
    if (opts.sd3) {
      if (fields.mode !== undefined)
        check(
          ['text-to-image', 'image-to-image'].includes(fields.mode),
          'mode: must be text-to-image or image-to-image',
        );
      if (fields.model !== undefined)
        check(SD3_MODELS.includes(fields.model), `model: must be one of ${SD3_MODELS.join(', ')}`);
    }
    if (i2i) {
      check(opts.imageToImage === true, 'image: not accepted by this endpoint');
      check(fields.strength !== undefined, 'strength: required with an image');
      unit(fields, 'strength');
      const image = checkImage(files.image, 'image', { minSide: 64, minPixels: 4096, maxPixels: 9_437_184 });
      return sizeAt(image.width / image.height, pixels);
    }
    check(files.image === undefined, 'image: only with mode=image-to-image');
    const aspect = fields.aspect_ratio ?? '1:1';
    check(ASPECTS.includes(aspect), `aspect_ratio: must be one of ${ASPECTS.join(', ')}`);
    return sizeAt(aspectRatio(aspect), pixels);
  };

const control: Route = (fields, files) => {
  checkCommon(fields, true);
  unit(fields, 'control_strength');
  const image = checkImage(files.image, 'image', { minSide: 64, minPixels: 4096, maxPixels: 9_437_184, aspect: true });
  return sizeAt(image.width / image.height, 1_048_576);
};

/** The control endpoints' image limits: 64 px a side, 4,096 to 9,437,184 pixels, 1:2.5 to 2.5:1. */
const CONTROL_IMAGE = { minSide: 64, minPixels: 4096, maxPixels: 9_437_184, aspect: true };

/** Style Guide: a new image from the prompt in the style image's look, about 1 MP at `aspect_ratio`. */
const styleGuide: Route = (fields, files) => {
  checkCommon(fields, true);
  unit(fields, 'fidelity');
  checkImage(files.image, 'image', CONTROL_IMAGE);
  const aspect = fields.aspect_ratio ?? '1:1';
  check(ASPECTS.includes(aspect), `aspect_ratio: must be one of ${ASPECTS.join(', ')}`);
  return sizeAt(aspectRatio(aspect), 1_048_576);
};

/** Style Transfer: `init_image` restyled after `style_image` (prompt optional), 1 MP at the init image's ratio. */
const styleTransfer: Route = (fields, files) => {
  checkCommon(fields, false);
  if (fields.prompt !== undefined) check(fields.prompt.length <= 10_000, 'prompt: at most 10000 characters');
  unit(fields, 'style_strength');
  unit(fields, 'composition_fidelity');
  unit(fields, 'change_strength', 0.1, 1);
  const init = checkImage(files.init_image, 'init_image', CONTROL_IMAGE);
  checkImage(files.style_image, 'style_image', CONTROL_IMAGE);
  return sizeAt(init.width / init.height, 1_048_576);
};

export const ROUTES: Record<string, Route> = {
  '/v2beta/stable-image/generate/core': generate(1_572_864),
  '/v2beta/stable-image/generate/ultra': generate(1_048_576, { imageToImage: true }),
  '/v2beta/stable-image/generate/sd3': generate(1_048_576, { sd3: true, imageToImage: true }),
  '/v2beta/stable-image/control/sketch': control,
  '/v2beta/stable-image/control/structure': control,
  '/v2beta/stable-image/control/style': styleGuide,
  '/v2beta/stable-image/control/style-transfer': styleTransfer,
  '/v2beta/stable-image/edit/inpaint': (fields, files) => {
    checkCommon(fields, true);
    if (fields.grow_mask !== undefined) unit(fields, 'grow_mask', 0, 100);
    const image = checkImage(files.image, 'image', {
      minSide: 64,
      minPixels: 4096,
      maxPixels: 9_437_184,
      aspect: true,
    });
    check(files.mask !== undefined || image.hasAlpha, 'mask: required when the image has no alpha channel');
    return { width: image.width, height: image.height };
  },
  '/v2beta/stable-image/upscale/fast': (fields, files) => {
    if (fields.output_format !== undefined)
      check(FORMATS.includes(fields.output_format), 'output_format: must be one of png, jpeg, webp');
    const image = checkImage(files.image, 'image', {
      minSide: 32,
      maxSide: 1536,
      minPixels: 1024,
      maxPixels: 1_048_576,
    });
    return { width: image.width * 4, height: image.height * 4 };
  },
  '/v2beta/stable-image/upscale/conservative': (fields, files) => {
    checkCommon(fields, true);
    unit(fields, 'creativity', 0.2, 0.5);
    const image = checkImage(files.image, 'image', {
      minSide: 64,
      minPixels: 4096,
      maxPixels: 9_437_184,
      aspect: true,
    });
    return sizeAt(image.width / image.height, 4_194_304);
  },
};

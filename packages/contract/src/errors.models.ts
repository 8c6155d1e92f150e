import type { ErrorDef } from './errors.types.ts';

const def = (http: number, en: string, zh: string): ErrorDef => ({ http, en, zh });

/** Why a model cannot take a task (checked at submit, before anything is read or charged). */
export const MODEL_ERRORS = {
  MODEL_UNAVAILABLE: def(
    400,
    'This model is not set up on this server, nothing was charged; please choose another model',
    '本服务器未开通该模型，未扣除任何费用，请选择其他模型',
  ),
  MODEL_MODE_UNSUPPORTED: def(
    400,
    'This model cannot do this kind of task, nothing was charged; please choose another model',
    '该模型不支持这类任务，未扣除任何费用，请选择其他模型',
  ),
  MODEL_COUNT_TOO_HIGH: def(
    400,
    'This model makes at most {max} images per task, nothing was charged; please choose fewer images or another model',
    '该模型每个任务最多生成 {max} 张图片，未扣除任何费用，请减少张数或选择其他模型',
  ),
  MODEL_ASPECT_UNSUPPORTED: def(
    400,
    'This model cannot make {size} images (it makes {aspects}), nothing was charged; please choose another size or model',
    '该模型无法生成 {size} 比例的图片（支持 {aspects}），未扣除任何费用，请选择其他尺寸或模型',
  ),
  MODEL_QUALITY_UNSUPPORTED: def(
    400,
    'This model cannot make {quality} images, nothing was charged; please choose another quality or model',
    '该模型无法生成 {quality} 画质的图片，未扣除任何费用，请选择其他画质或模型',
  ),
  MODEL_MASK_UNSUPPORTED: def(
    400,
    'This model cannot change only a painted region, nothing was charged; please choose another model',
    '该模型不支持局部编辑选区，未扣除任何费用，请选择其他模型',
  ),
  MODEL_REFERENCE_UNSUPPORTED: def(
    400,
    'This model cannot use a reference image, nothing was charged; please remove it or choose another model',
    '该模型无法使用参考图，未扣除任何费用，请移除参考图或选择其他模型',
  ),
  MODEL_DEPTH_UNSUPPORTED: def(
    400,
    'This model cannot follow a depth image, nothing was charged; please remove it or choose another model',
    '该模型无法使用深度图，未扣除任何费用，请移除深度图或选择其他模型',
  ),
  MODEL_LINE_ART_UNSUPPORTED: def(
    400,
    'This model cannot follow line art (nor keep the geometry of a neural render), nothing was charged; please remove it or choose another model',
    '该模型无法使用线稿（也无法进行保持结构的神经渲染），未扣除任何费用，请移除线稿或选择其他模型',
  ),
  MODEL_SEED_UNSUPPORTED: def(
    400,
    'This model cannot keep a seed (the same seed would not give the same image), nothing was charged; please leave the seed empty or choose another model',
    '该模型无法保持种子（相同种子不会生成相同图片），未扣除任何费用，请清空种子或选择其他模型',
  ),
  MODEL_NEGATIVE_UNSUPPORTED: def(
    400,
    'This model cannot use a negative prompt (it would be ignored), nothing was charged; please clear the negative prompt or choose another model',
    '该模型无法使用反向提示词（会被忽略），未扣除任何费用，请清空反向提示词或选择其他模型',
  ),
  MODEL_UPSCALE_UNSUPPORTED: def(
    400,
    'This model cannot upscale ×{factor}, nothing was charged; please choose another factor',
    '该模型无法放大 ×{factor}，未扣除任何费用，请选择其他倍数',
  ),
} as const satisfies Record<string, ErrorDef>;

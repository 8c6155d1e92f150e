// The generation part of the error table (errors.ts): submitting, running and ending a task.
import type { ErrorDef } from './errors.types.ts';

const def = (http: number, en: string, zh: string): ErrorDef => ({ http, en, zh });

/** A task refused at submit, or ended by its engine; and the word packages its prompt may use. */
export const GENERATION_ERRORS = {
  PROMPT_REQUIRED: def(
    400,
    'Please describe the design or choose tags or a word package',
    '请描述设计，或选择标签、词包',
  ),
  BASE_IMAGE_REQUIRED: def(400, 'Please upload a base image first', '请先上传底图'),
  EDIT_REGION_REQUIRED: def(
    400,
    'Partial edit requires a region selected in the original image',
    '局部编辑需要先在原图中选择区域',
  ),
  TASK_NOT_FOUND: def(404, 'This task was not found', '未找到该任务'),
  CANNOT_CANCEL: def(
    409,
    'This task is already being generated and cannot be cancelled, please contact the administrator',
    '任务正在生成，无法取消，请联系管理员',
  ),
  TASK_TIMED_OUT: def(
    504,
    'The task timed out and was cancelled, your cubes were refunded; please submit it again',
    '任务超时已取消，魔方已退还，请重新提交',
  ),
  TASK_LOST: def(
    503,
    'The task could not be completed on a generation server and was stopped, your cubes were refunded; please submit it again',
    '生成服务器未能完成该任务，任务已停止，魔方已退还，请重新提交',
  ),
  ENGINE_UNAVAILABLE: def(
    503,
    'No generation server is available right now, nothing was charged; please try again in a few minutes',
    '当前没有可用的生成服务器，未扣除任何费用，请几分钟后再试',
  ),
  UPSCALE_TOO_LARGE: def(
    400,
    'The upscaled image would be {width} × {height} px, more than the {max} px a side this server can make; choose a smaller factor or image',
    '放大后的图片为 {width} × {height} 像素，超过本服务器单边 {max} 像素的上限，请选择更小的倍数或图片',
  ),
  TASK_REFUSED: def(
    422,
    'The image engine refused this task, your cubes were refunded; please change the settings',
    '生成引擎拒绝了该任务，魔方已退还，请调整设置后重试',
  ),
  TASK_INPUT_REJECTED: def(
    422,
    'The image provider could not use this task’s images or settings (for example an image’s size or format), your cubes were refunded; please try other images or settings',
    '图像服务商无法使用该任务的图片或设置（例如图片尺寸或格式），魔方已退还，请更换图片或设置后重试',
  ),
  TASK_PROVIDER_ACCOUNT: def(
    503,
    'The image provider did not accept this service’s account for the task (key, access or balance), your cubes were refunded; please choose another model or contact support',
    '图像服务商未接受本服务的账号（密钥、权限或余额），魔方已退还，请选择其他模型或联系客服',
  ),
  TASK_RESULT_EXPIRED: def(
    410,
    'The image was made, but the provider’s link to it expired before it could be collected; your cubes were refunded, please submit the task again',
    '图片已生成，但服务商的图片链接在取回前已过期，魔方已退还，请重新提交任务',
  ),
  TASK_MODERATED: def(
    422,
    'The image provider refused this prompt or image; your cubes were refunded. Please change the prompt or the image',
    '图像服务商拒绝了该提示词或图片，魔方已退还，请修改提示词或图片',
  ),
  INSUFFICIENT_BALANCE: def(
    402,
    'Not enough cubes: this task needs {need} and you have {have}; buy cubes or a time plan',
    '魔方不足：该任务需要 {need} 个，您还有 {have} 个；请购买魔方或时长套餐',
  ),
  TOO_MANY_TASKS: def(
    429,
    'You already have {max} tasks queued or running, please wait for one to finish',
    '您已有 {max} 个任务在排队或生成中，请等待完成后再提交',
  ),
  WORD_PACKAGE_NAME_REQUIRED: def(400, 'Please enter a name for the word package', '请输入词包名称'),
  WORD_PACKAGE_NOT_FOUND: def(404, 'This word package was not found', '未找到该词包'),
  WORD_PACKAGE_LIMIT: def(
    409,
    'You already have {max} word packages, the most one account may keep; delete one you no longer use first',
    '您已有 {max} 个词包，已达每个账号的上限，请先删除不再使用的词包',
  ),
  IMAGE_DATA_FAILED: def(
    500,
    'The image data could not be read, please upload it again',
    '图片数据读取失败，请重新上传',
  ),
} as const satisfies Record<string, ErrorDef>;

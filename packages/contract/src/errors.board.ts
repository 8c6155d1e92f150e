import type { ErrorDef } from './errors.types.ts';

const def = (http: number, en: string, zh: string): ErrorDef => ({ http, en, zh });

/** Presentation boards (PDF and PNG exports of the caller's images). */
export const BOARD_ERRORS = {
  BOARD_TITLE_REQUIRED: def(400, 'Please give the board a title', '请填写展板标题'),
  // Said by the contract's check, which names codes without parameters: the limit is written out
  // (BOARD_IMAGES_MAX in board.ts).
  BOARD_IMAGES_REQUIRED: def(400, 'A board holds 1 to 24 images', '一个展板可放 1 到 24 张图片'),
  // One board is drawn at a time per server: a large one takes the memory of a whole page.
  BOARD_BUSY: def(
    503,
    'Other boards are being exported right now; please try again in {seconds} s',
    '其他展板正在导出，请 {seconds} 秒后再试',
  ),
  BOARD_EXPORT_RUNNING: def(
    409,
    'Your previous board is still being exported; please wait for it to finish',
    '您的上一个展板仍在导出中，请等待其完成',
  ),
} as const satisfies Record<string, ErrorDef>;

import type { LedgerItem } from '@turing/contract';

type Locale = 'en' | 'zh';
type Kind = LedgerItem['kind'];
type Task = NonNullable<LedgerItem['task']>;
type Product = NonNullable<LedgerItem['product']>;

/**
 * The ledger's words for the CSV export, in the reader's language: the same names the balance
 * history shows (web locales, billing.json), so a row reads alike on the page and in the file.
 */
const WORDS = {
  en: {
    header: ['Time (UTC)', 'Type', 'Details', 'Cubes', 'Plan days', 'Kind code'],
    kinds: {
      welcome: 'Welcome gift',
      charge: 'Generation',
      refund: 'Refund',
      purchase: 'Purchase',
      redemption: 'Redemption code',
      invitation: 'Invitation bonus',
      grant: 'Granted by support',
      plan: 'Time plan',
      reversal: 'Order refunded',
    } satisfies Record<Kind, string>,
    modes: {
      text: 'Text to image',
      iterate: 'Iterative rendering',
      neural: 'Neural render',
      img2img: 'Image to image',
      edit: 'Advanced editing',
      upscale: 'Upscale',
    },
    images: (n: number) => (n === 1 ? '1 image' : `${n} images`),
    upscale: (factor: number) => `${factor}×`,
    coveredByPlan: 'Covered by your time plan',
    periods: { day: 'Daily', week: 'Weekly', month: 'Monthly' },
    plan: (period: string) => `Plan: ${period}`,
    pack: (name: string) => `Cube pack: ${name}`,
    redeemed: (code: string) => `Code ${code} redeemed`,
  },
  zh: {
    header: ['时间（UTC）', '类型', '明细', '魔方', '套餐天数', '类型代码'],
    kinds: {
      welcome: '新用户赠送',
      charge: '生成消耗',
      refund: '退还',
      purchase: '购买',
      redemption: '兑换码',
      invitation: '邀请奖励',
      grant: '客服发放',
      plan: '时长套餐',
      reversal: '订单退款',
    } satisfies Record<Kind, string>,
    modes: {
      text: '文生图',
      iterate: '迭代渲染',
      neural: '神经渲染',
      img2img: '图生图',
      edit: '高级编辑',
      upscale: '放大',
    },
    images: (n: number) => `${n} 张`,
    upscale: (factor: number) => `${factor} 倍`,
    coveredByPlan: '由您的时长套餐支付',
    periods: { day: '日卡', week: '周卡', month: '月卡' },
    plan: (period: string) => `套餐：${period}`,
    pack: (name: string) => `魔方包：${name}`,
    redeemed: (code: string) => `已兑换 ${code}`,
  },
} as const;

export const ledgerHeader = (locale: Locale) => WORDS[locale].header;
export const ledgerKindName = (kind: Kind, locale: Locale) => WORDS[locale].kinds[kind];

/** "Text to image · 4 images · HD", "Upscale · 2×": what a generation was, as the studio names it. */
function taskWords(task: Task, locale: Locale) {
  const w = WORDS[locale];
  if (task.mode === 'upscale') return [w.modes.upscale, ...(task.upscale ? [w.upscale(task.upscale)] : [])];
  const mode = task.mode === 'iterate' && task.renderMode ? task.renderMode : task.mode;
  return [w.modes[mode], w.images(task.count), task.quality];
}

function productWords(product: Product, locale: Locale) {
  const w = WORDS[locale];
  const name =
    product.kind === 'plan' && product.period ? w.plan(w.periods[product.period]) : w.pack(product.name[locale]);
  return product.pieces > 1 ? `${name} × ${product.pieces}` : name;
}

/**
 * What a ledger row was for, in words, beside its type: the task or product when known, the code
 * redeemed, an operator's own note as written; empty when the type says it all (a welcome gift, an
 * invitation bonus). The history page says the same (web: features/billing/lib/ledger-note.ts).
 */
export function ledgerDetails(item: Pick<LedgerItem, 'kind' | 'note' | 'task' | 'product'>, locale: Locale) {
  const w = WORDS[locale];
  const note = item.note.trim();
  switch (item.kind) {
    case 'charge':
    case 'refund': {
      if (!item.task) return note === 'time plan' ? w.coveredByPlan : '';
      const parts = taskWords(item.task, locale);
      if (item.kind === 'charge' && note === 'time plan') parts.push(w.coveredByPlan);
      return parts.join(' · ');
    }
    case 'purchase':
    case 'reversal':
      return item.product ? productWords(item.product, locale) : note;
    case 'redemption':
      return note ? w.redeemed(note) : '';
    case 'grant':
    case 'plan':
      return note;
    default:
      return '';
  }
}

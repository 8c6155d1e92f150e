import type { DesignType, TaskMode } from '@turing/contract';

/** Text in both languages of the help's answers. */
export interface Phrase {
  en: string;
  zh: string;
}

/**
 * How the offline composition uses each recommended word package (word-packages.data.ts, by id):
 * the design types it suits, its words in Chinese (the seed keeps the English the engines read),
 * and the words a user may type for it besides its names.
 */
export interface PackageUse {
  types: readonly DesignType[];
  positiveZh: string;
  aliases: { en: readonly string[]; zh: readonly string[] };
}

const BOTH: readonly DesignType[] = ['architectural', 'interior'];
const OUTSIDE: readonly DesignType[] = ['architectural'];
const INSIDE: readonly DesignType[] = ['interior'];

export const PACKAGE_USES: Readonly<Record<string, PackageUse>> = {
  // Photorealistic render
  '7d0a4c60-0000-4000-8000-000000000001': {
    types: BOTH,
    positiveZh: '写实建筑渲染，全局光照，8K，细节清晰',
    aliases: { en: ['photorealistic', 'photoreal', 'realistic'], zh: ['写实', '真实感', '逼真'] },
  },
  // Golden hour
  '7d0a4c60-0000-4000-8000-000000000002': {
    types: BOTH,
    positiveZh: '黄金时刻阳光，柔和的长阴影，温暖的天空',
    aliases: { en: ['sunset', 'sunrise', 'dusk'], zh: ['黄昏', '日落', '夕阳', '日出', '傍晚'] },
  },
  // Night scene
  '7d0a4c60-0000-4000-8000-000000000003': {
    types: BOTH,
    positiveZh: '夜景，温暖的室内灯光，城市灯火，蓝调时刻的天空',
    aliases: { en: ['night', 'evening', 'blue hour'], zh: ['夜晚', '夜间', '晚上', '蓝调'] },
  },
  // Competition board
  '7d0a4c60-0000-4000-8000-000000000004': {
    types: OUTSIDE,
    positiveZh: '建筑竞赛效果图，氛围感，人物剪影，薄雾',
    aliases: { en: ['competition'], zh: ['竞赛', '比赛'] },
  },
  // Bird's-eye view
  '7d0a4c60-0000-4000-8000-000000000005': {
    types: OUTSIDE,
    positiveZh: '航拍鸟瞰视角，场地环境，景观，城市肌理',
    aliases: { en: ['aerial', "bird's-eye", 'birds-eye', 'bird’s eye', "bird's eye"], zh: ['航拍', '俯瞰'] },
  },
  // Interior magazine
  '7d0a4c60-0000-4000-8000-000000000006': {
    types: INSIDE,
    positiveZh: '室内设计杂志照片，软装陈设，自然窗光，广角',
    aliases: { en: ['magazine'], zh: ['杂志'] },
  },
  // Watercolour sketch
  '7d0a4c60-0000-4000-8000-000000000007': {
    types: BOTH,
    positiveZh: '建筑水彩手绘，松散的墨线，纸张质感',
    aliases: { en: ['watercolour', 'watercolor', 'sketch', 'hand-drawn', 'hand drawn'], zh: ['水彩', '手绘', '草图'] },
  },
  // Clean white model
  '7d0a4c60-0000-4000-8000-000000000008': {
    types: OUTSIDE,
    positiveZh: '白色实体模型，哑光材质，影棚灯光，干净的背景',
    aliases: { en: ['massing model', 'physical model'], zh: ['白色模型', '体块模型'] },
  },
};

/**
 * The package a composition adds when the user named none, so a few words still read as a finished
 * image: a render outside, a magazine photograph inside. Edits describe one region and get none.
 */
export const DEFAULT_PACKAGE: Readonly<Record<DesignType, string>> = {
  architectural: '7d0a4c60-0000-4000-8000-000000000001',
  interior: '7d0a4c60-0000-4000-8000-000000000006',
};

/** What the prompt opens with: the kind of image, by mode and design type (edits open with the user's words). */
export function framePhrase(mode: TaskMode, type: DesignType): Phrase | null {
  if (mode === 'edit') return null;
  if (mode === 'text') {
    return type === 'interior'
      ? { en: 'interior design visualization', zh: '室内设计效果图' }
      : { en: 'architectural visualization', zh: '建筑设计效果图' };
  }
  return type === 'interior'
    ? { en: 'interior rendering of the design, keeping its layout', zh: '基于原设计的室内效果图，保持空间布局' }
    : {
        en: 'architectural rendering of the design, keeping its massing and proportions',
        zh: '基于原设计的建筑效果图，保持体量与比例',
      };
}

/** What the prompt closes with: a finish for whole images, a seamless patch for an edited region. */
export function tailPhrase(mode: TaskMode): Phrase {
  return mode === 'edit'
    ? {
        en: 'blending seamlessly with the surrounding image, matching its light and perspective',
        zh: '与周围画面自然融合，光线和透视一致',
      }
    : { en: 'balanced composition, high detail', zh: '构图均衡，细节丰富' };
}

/** How each style tag looks: sky, ground, facade rhythm and the colour grade used in iterate mode. */

type WindowRhythm = 'grid' | 'ribbon' | 'punched' | 'curtain' | 'arched' | 'louvres';

export interface StyleLook {
  /** Sky gradient, top to horizon. */
  sky: [string, string];
  ground: string;
  /** Furniture and detail colour. */
  accent: string;
  windows: WindowRhythm;
  /** Curved or faceted massing (parametric) instead of boxes. */
  curved: boolean;
  /** Pitched roof line (classical, rustic, scandinavian houses). */
  pitched: boolean;
  /** Colour grade used when this style transforms an existing image. */
  grade: { saturation: number; brightness: number; contrast: number; tint: string; tintAmount: number };
  /** Materials used when none is chosen, so "brutalist" alone still looks brutalist. */
  materials: string[];
}

const grade = (saturation: number, brightness: number, contrast: number, tint: string, tintAmount: number) => ({
  saturation,
  brightness,
  contrast,
  tint,
  tintAmount,
});

export const STYLES: Record<string, StyleLook> = {
  modern: {
    sky: ['#7fb2e5', '#dcebf6'],
    ground: '#b9b5ab',
    accent: '#2f3a40',
    windows: 'ribbon',
    curved: false,
    pitched: false,
    grade: grade(1.05, 1.02, 1.1, '#dfe9f2', 0.08),
    materials: ['plaster', 'glass'],
  },
  minimalist: {
    sky: ['#c9d8e4', '#f2f4f5'],
    ground: '#d8d4cc',
    accent: '#b9b1a4',
    windows: 'punched',
    curved: false,
    pitched: false,
    grade: grade(0.7, 1.08, 0.92, '#f4f1ea', 0.15),
    materials: ['plaster', 'concrete'],
  },
  industrial: {
    sky: ['#8a96a0', '#cfd2cf'],
    ground: '#6d6a64',
    accent: '#3a2e26',
    windows: 'grid',
    curved: false,
    pitched: false,
    grade: grade(0.8, 0.94, 1.2, '#8a6f55', 0.14),
    materials: ['brick', 'metal'],
  },
  scandinavian: {
    sky: ['#a9c6df', '#eef2f3'],
    ground: '#c9c2b4',
    accent: '#6f8a7a',
    windows: 'punched',
    curved: false,
    pitched: true,
    grade: grade(0.85, 1.08, 0.95, '#f1e8da', 0.12),
    materials: ['timber', 'plaster'],
  },
  japandi: {
    sky: ['#c4cdc6', '#efe9de'],
    ground: '#b7ab95',
    accent: '#4d4a42',
    windows: 'louvres',
    curved: false,
    pitched: false,
    grade: grade(0.75, 1.03, 0.95, '#d9c9ab', 0.16),
    materials: ['timber', 'plaster'],
  },
  brutalist: {
    sky: ['#8d99a3', '#d5d8d8'],
    ground: '#8b8984',
    accent: '#3b3b3a',
    windows: 'punched',
    curved: false,
    pitched: false,
    grade: grade(0.55, 0.96, 1.25, '#9a9a96', 0.14),
    materials: ['concrete'],
  },
  parametric: {
    sky: ['#5d8fd0', '#d6e6f5'],
    ground: '#c8c6c0',
    accent: '#e0e4e8',
    windows: 'curtain',
    curved: true,
    pitched: false,
    grade: grade(1.1, 1.04, 1.12, '#cfe3f7', 0.1),
    materials: ['plaster', 'glass'],
  },
  classical: {
    sky: ['#8fb3d6', '#f0e6d3'],
    ground: '#c7b79a',
    accent: '#7a5a38',
    windows: 'arched',
    curved: false,
    pitched: true,
    grade: grade(0.95, 1.02, 1.05, '#e8cfa2', 0.16),
    materials: ['stone', 'marble'],
  },
  contemporary: {
    sky: ['#6fa3d8', '#e3eef7'],
    ground: '#aaa79f',
    accent: '#c2883f',
    windows: 'curtain',
    curved: false,
    pitched: false,
    grade: grade(1.08, 1.03, 1.08, '#f0e2cc', 0.07),
    materials: ['glass', 'metal'],
  },
  futuristic: {
    sky: ['#28406e', '#b5c9e6'],
    ground: '#8a929c',
    accent: '#3fd0e0',
    windows: 'curtain',
    curved: true,
    pitched: false,
    grade: grade(1.15, 0.98, 1.2, '#7fb8e8', 0.14),
    materials: ['glass', 'metal'],
  },
  rustic: {
    sky: ['#8fb0c9', '#f1e3c8'],
    ground: '#9c8a66',
    accent: '#6b4a2b',
    windows: 'punched',
    curved: false,
    pitched: true,
    grade: grade(0.9, 1.0, 1.02, '#d8a86a', 0.18),
    materials: ['stone', 'timber'],
  },
  mediterranean: {
    sky: ['#3f8fd8', '#dbeefa'],
    ground: '#d8c4a0',
    accent: '#2d6fa8',
    windows: 'arched',
    curved: false,
    pitched: false,
    grade: grade(1.15, 1.08, 1.05, '#f6e0b8', 0.12),
    materials: ['plaster', 'terracotta'],
  },
  chinese: {
    sky: ['#9fb5c4', '#ece7dc'],
    ground: '#8e8a80',
    accent: '#8f2f24',
    windows: 'louvres',
    curved: false,
    pitched: true,
    grade: grade(0.9, 1.0, 1.08, '#c9a77a', 0.14),
    materials: ['timber', 'plaster'],
  },
};

export const STYLE_ALIASES: Record<string, string> = {
  'mid-century': 'modern',
  bauhaus: 'modern',
  minimal: 'minimalist',
  nordic: 'scandinavian',
  'wabi-sabi': 'japandi',
  japanese: 'japandi',
  zen: 'japandi',
  neoclassical: 'classical',
  'neo-classical': 'classical',
  baroque: 'classical',
  european: 'classical',
  'art-deco': 'classical',
  loft: 'industrial',
  'high-tech': 'futuristic',
  deconstructivist: 'parametric',
  organic: 'parametric',
  farmhouse: 'rustic',
  country: 'rustic',
  'new-chinese': 'chinese',
  oriental: 'chinese',
};

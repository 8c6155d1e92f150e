/** Recommended word packages: fixed ids so re-seeding updates them in place. */
export interface WordPackageSeed {
  id: string;
  name: string;
  nameZh: string;
  positive: string;
  negative: string;
}

export const WORD_PACKAGE_SEEDS: WordPackageSeed[] = [
  {
    id: '7d0a4c60-0000-4000-8000-000000000001',
    name: 'Photorealistic render',
    nameZh: '写实渲染',
    positive: 'photorealistic architectural rendering, global illumination, 8k, sharp details',
    negative: 'cartoon, sketch, blurry, low resolution, distorted lines',
  },
  {
    id: '7d0a4c60-0000-4000-8000-000000000002',
    name: 'Golden hour',
    nameZh: '黄金时刻',
    positive: 'golden hour sunlight, long soft shadows, warm sky',
    negative: 'overcast, harsh noon light',
  },
  {
    id: '7d0a4c60-0000-4000-8000-000000000003',
    name: 'Night scene',
    nameZh: '夜景',
    positive: 'night scene, warm interior glow, city lights, blue hour sky',
    negative: 'daylight, washed out',
  },
  {
    id: '7d0a4c60-0000-4000-8000-000000000004',
    name: 'Competition board',
    nameZh: '竞赛图风格',
    positive: 'architecture competition visualization, atmospheric, people silhouettes, soft fog',
    negative: 'cluttered, oversaturated',
  },
  {
    id: '7d0a4c60-0000-4000-8000-000000000005',
    name: 'Bird’s-eye view',
    nameZh: '鸟瞰',
    positive: "aerial bird's-eye view, site context, landscape, urban fabric",
    negative: 'street-level view, cropped building',
  },
  {
    id: '7d0a4c60-0000-4000-8000-000000000006',
    name: 'Interior magazine',
    nameZh: '室内杂志',
    positive: 'interior design magazine photo, styled props, natural window light, wide angle',
    negative: 'fisheye distortion, clutter, plastic look',
  },
  {
    id: '7d0a4c60-0000-4000-8000-000000000007',
    name: 'Watercolour sketch',
    nameZh: '水彩手绘',
    positive: 'architectural watercolour sketch, loose ink lines, paper texture',
    negative: 'photograph, 3d render',
  },
  {
    id: '7d0a4c60-0000-4000-8000-000000000008',
    name: 'Clean white model',
    nameZh: '白模',
    positive: 'white physical model, matte material, studio lighting, clean background',
    negative: 'colour, texture noise, people',
  },
];

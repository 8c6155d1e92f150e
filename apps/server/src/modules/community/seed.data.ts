/**
 * The demo community a fresh install starts with: a few creators (no password, so nobody signs
 * in as them), works drawn by the preview engine from their tags, and banners.
 */
export interface DemoCreator {
  username: string;
  nickname: string;
  signature: string;
  occupation: 'architect' | 'interior_designer' | 'design_student' | 'design_enthusiast';
  colour: string;
}

export const DEMO_CREATORS: DemoCreator[] = [
  {
    username: 'demo-lin',
    nickname: 'Lin Yue',
    signature: 'Courtyards, daylight and quiet materials.',
    occupation: 'architect',
    colour: '#3b6e8f',
  },
  {
    username: 'demo-marco',
    nickname: 'Marco Rossi',
    signature: 'Concrete is honest. Light makes it kind.',
    occupation: 'architect',
    colour: '#8f5b3b',
  },
  {
    username: 'demo-aiko',
    nickname: 'Aiko Tanaka',
    signature: 'Small rooms, calm minds.',
    occupation: 'interior_designer',
    colour: '#5b8f3b',
  },
  {
    username: 'demo-sara',
    nickname: 'Sara Okafor',
    signature: 'Buildings that breathe with their landscape.',
    occupation: 'design_student',
    colour: '#7a3b8f',
  },
  {
    username: 'demo-chen',
    nickname: '陈思远',
    signature: '新中式与当代的对话。',
    occupation: 'design_enthusiast',
    colour: '#8f3b4e',
  },
];

export interface DemoWork {
  creator: number;
  type: 'architectural' | 'interior';
  size: '1:1' | '4:3' | '3:4' | '16:9' | '9:16' | '3:2' | '2:3';
  style: string;
  material: string;
  func: string;
  environment: string;
  title: string;
  description: string;
  /** Index of an earlier demo work whose parameters this one started from. */
  basedOn?: number;
}

const w = (
  creator: number,
  type: DemoWork['type'],
  size: DemoWork['size'],
  [style, material, func, environment]: [string, string, string, string],
  title: string,
  description: string,
  basedOn?: number,
): DemoWork => ({ creator, type, size, style, material, func, environment, title, description, basedOn });

const A = 'architectural';
const I = 'interior';

export const DEMO_WORKS: DemoWork[] = [
  w(
    0,
    A,
    '4:3',
    ['modern', 'glass', 'museum', 'waterfront'],
    'Harbour light museum',
    'A glass gallery stepping down to the water.',
  ),
  w(
    1,
    A,
    '3:4',
    ['brutalist', 'concrete', 'library', 'urban'],
    'Concrete reading tower',
    'Board-formed concrete and deep reading windows.',
  ),
  w(
    2,
    I,
    '1:1',
    ['japandi', 'timber', 'living-room', 'forest'],
    'Tea room by the forest',
    'Low furniture, paper screens and a view into the trees.',
  ),
  w(
    3,
    A,
    '16:9',
    ['biophilic', 'rammed-earth', 'school', 'desert'],
    'Desert school',
    'Thick rammed-earth walls keep the classrooms cool.',
  ),
  w(4, A, '2:3', ['new-chinese', 'brick', 'villa', 'courtyard'], '院落之家', '灰砖与木格栅围合的三进院落。'),
  w(
    0,
    A,
    '3:2',
    ['minimalist', 'plaster', 'residential', 'coastal'],
    'White cliff houses',
    'Plaster volumes stacked along the coast.',
  ),
  w(
    1,
    A,
    '4:3',
    ['industrial', 'steel', 'office', 'urban'],
    'Steel frame workshop',
    'An old factory turned into studios.',
    1,
  ),
  w(
    2,
    I,
    '3:4',
    ['scandinavian', 'timber', 'bedroom', 'snow'],
    'Winter bedroom',
    'Pale oak and wool for the long nights.',
  ),
  w(
    3,
    A,
    '9:16',
    ['parametric', 'glass', 'cultural-center', 'park'],
    'Canopy cultural centre',
    'A woven roof over a public square.',
  ),
  w(4, I, '4:3', ['new-chinese', 'timber', 'dining-room', 'courtyard'], '茶香餐厅', '木格窗与庭院光影。'),
  w(0, A, '1:1', ['modern', 'timber', 'pavilion', 'park'], 'Park pavilion', 'A timber roof for shade and music.'),
  w(
    1,
    A,
    '2:3',
    ['brutalist', 'stone', 'hotel', 'mountain'],
    'Mountain retreat',
    'Stone terraces cut into the slope.',
    1,
  ),
  w(
    2,
    I,
    '16:9',
    ['minimalist', 'terrazzo', 'kitchen', 'urban'],
    'Terrazzo kitchen',
    'One long island and nothing else.',
  ),
  w(
    3,
    A,
    '4:3',
    ['biophilic', 'bamboo', 'residential', 'forest'],
    'Bamboo canopy homes',
    'Homes under a shared bamboo roof.',
  ),
  w(4, A, '3:4', ['classical', 'marble', 'museum', 'historic-district'], '古城博物馆', '在历史街区中延续柱廊的秩序。'),
  w(
    0,
    I,
    '3:2',
    ['modern', 'glass', 'lobby', 'waterfront'],
    'Lakeside lobby',
    'Double height glass facing the lake.',
    0,
  ),
  w(
    1,
    A,
    '16:9',
    ['futuristic', 'steel', 'commercial', 'urban'],
    'Night market hall',
    'A long steel shed lit from within.',
  ),
  w(
    2,
    I,
    '2:3',
    ['japandi', 'plaster', 'bathroom', 'mountain'],
    'Onsen bathroom',
    'Stone, steam and a window onto the hills.',
  ),
  w(
    3,
    A,
    '1:1',
    ['mediterranean', 'plaster', 'villa', 'coastal'],
    'Arches by the sea',
    'White stucco and a terracotta roof.',
  ),
  w(4, I, '4:3', ['art-deco', 'copper', 'restaurant', 'urban'], '铜色餐厅', '装饰艺术风格的几何灯饰。'),
  w(
    0,
    A,
    '9:16',
    ['parametric', 'copper', 'office', 'urban'],
    'Copper fins tower',
    'Patinated fins shade every floor.',
  ),
  w(
    1,
    I,
    '4:3',
    ['industrial', 'brick', 'cafe', 'urban'],
    'Brick roastery cafe',
    'Exposed brick and a roaster in the window.',
  ),
  w(2, I, '3:4', ['scandinavian', 'timber', 'kids-room', 'suburban'], 'Play loft', 'A reading nook under the roof.'),
  w(3, A, '3:2', ['modern', 'concrete', 'hospital', 'campus'], 'Garden clinic', 'Every ward opens onto a garden.'),
  w(4, A, '16:9', ['new-chinese', 'timber', 'pavilion', 'waterfront'], '水岸亭', '临水而建的木构亭廊。', 4),
  w(0, I, '1:1', ['minimalist', 'concrete', 'study', 'rooftop'], 'Rooftop study', 'A quiet desk above the city.'),
  w(
    1,
    A,
    '4:3',
    ['brutalist', 'concrete', 'cultural-center', 'campus'],
    'Campus forum',
    'A concrete hall for debates.',
    6,
  ),
  w(
    2,
    I,
    '16:9',
    ['japandi', 'bamboo', 'workspace', 'forest'],
    'Forest studio',
    'A shared workspace among the pines.',
    2,
  ),
];

export interface DemoBanner {
  titleEn: string;
  titleZh: string;
  subtitleEn: string;
  subtitleZh: string;
  /** /design, or a demo work's detail page by its index. */
  link: string | { work: number };
  style: string;
  type: 'architectural' | 'interior';
}

export const DEMO_BANNERS: DemoBanner[] = [
  {
    titleEn: 'Design with AI, share with the community',
    titleZh: '用 AI 设计，与社区分享',
    subtitleEn: 'Turn a sketch or a few words into a rendering in seconds.',
    subtitleZh: '几秒钟把草图或几句话变成效果图。',
    link: '/design',
    style: 'modern',
    type: 'architectural',
  },
  {
    titleEn: 'Featured: Harbour light museum',
    titleZh: '精选作品：港湾之光博物馆',
    subtitleEn: 'See how it was made and copy its parameters.',
    subtitleZh: '查看它的生成方式并复制参数。',
    link: { work: 0 },
    style: 'minimalist',
    type: 'architectural',
  },
  {
    titleEn: 'Interiors week',
    titleZh: '室内设计周',
    subtitleEn: 'Calm rooms in timber, plaster and light.',
    subtitleZh: '木材、涂料与光线营造的宁静空间。',
    link: '/design',
    style: 'japandi',
    type: 'interior',
  },
];

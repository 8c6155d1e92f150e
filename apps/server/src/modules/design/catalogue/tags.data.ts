/**
 * The seeded tag catalogue: bilingual labels over the prompt text the engines read (English),
 * with the same words in Chinese for people who read the prompt a tag adds.
 * `type` says which design type shows the tag ('both' for styles and materials shared by all):
 * the function tags are building types for architecture and room types for interiors.
 */
export interface TagSeed {
  slug: string;
  /** 'environment' tags belong to the community only; the studio reads the other three. */
  category: 'style' | 'material' | 'function' | 'environment';
  type: 'architectural' | 'interior' | 'both';
  en: string;
  zh: string;
  prompt: string;
  /** The prompt in Chinese; the English is shown where it is missing. */
  promptZh?: string;
}

const t = (
  category: TagSeed['category'],
  type: TagSeed['type'],
  slug: string,
  [en, zh]: [string, string],
  [prompt, promptZh]: [string, string],
): TagSeed => ({ category, type, slug, en, zh, prompt, promptZh });

const style = (slug: string, label: [string, string], prompt: [string, string]) =>
  t('style', 'both', slug, label, prompt);
const material = (slug: string, label: [string, string], prompt: [string, string]) =>
  t('material', 'both', slug, label, prompt);
const building = (slug: string, label: [string, string], prompt: [string, string]) =>
  t('function', 'architectural', slug, label, prompt);
const room = (slug: string, label: [string, string], prompt: [string, string]) =>
  t('function', 'interior', slug, label, prompt);

export const TAG_SEEDS: TagSeed[] = [
  style(
    'modern',
    ['Modern', '现代'],
    ['modern architecture, clean lines, large glazing', '现代建筑，简洁线条，大面积玻璃'],
  ),
  style(
    'minimalist',
    ['Minimalist', '极简'],
    ['minimalist design, pure volumes, restrained palette', '极简设计，纯粹体块，克制的色彩'],
  ),
  style(
    'industrial',
    ['Industrial', '工业风'],
    ['industrial style, exposed structure, raw finishes', '工业风格，外露结构，原始饰面'],
  ),
  style(
    'scandinavian',
    ['Scandinavian', '北欧'],
    ['scandinavian design, light timber, soft daylight', '北欧设计，浅色木材，柔和日光'],
  ),
  style('japandi', ['Japandi', '日式侘寂'], ['japandi, wabi-sabi, natural textures, calm', '日式侘寂，自然质感，宁静']),
  style(
    'brutalist',
    ['Brutalist', '粗野主义'],
    ['brutalist architecture, monolithic concrete, bold massing', '粗野主义建筑，整体混凝土，厚重体量'],
  ),
  style(
    'parametric',
    ['Parametric', '参数化'],
    ['parametric design, flowing curves, computational facade', '参数化设计，流动曲线，计算生成的立面'],
  ),
  style(
    'classical',
    ['Classical', '古典'],
    ['classical architecture, symmetry, columns, ornament', '古典建筑，对称，柱式，装饰'],
  ),
  style(
    'new-chinese',
    ['New Chinese', '新中式'],
    ['new chinese style, courtyard, dark timber, ink tones', '新中式风格，庭院，深色木作，水墨色调'],
  ),
  style(
    'mediterranean',
    ['Mediterranean', '地中海'],
    ['mediterranean style, white stucco, arches, terracotta', '地中海风格，白色灰泥，拱券，赤陶'],
  ),
  style(
    'art-deco',
    ['Art Deco', '装饰艺术'],
    ['art deco, geometric ornament, brass accents', '装饰艺术风格，几何装饰，黄铜点缀'],
  ),
  style(
    'biophilic',
    ['Biophilic', '亲自然'],
    ['biophilic design, planting, green walls, natural light', '亲自然设计，绿植，垂直绿墙，自然光'],
  ),
  style(
    'futuristic',
    ['Futuristic', '未来主义'],
    ['futuristic design, sleek surfaces, dramatic lighting', '未来主义设计，光滑曲面，戏剧化灯光'],
  ),
  material('concrete', ['Exposed concrete', '清水混凝土'], ['board-formed exposed concrete', '木模清水混凝土']),
  material('oak', ['Oak', '橡木'], ['light oak wood with fine straight grain', '浅色橡木，细直纹理']),
  material('walnut', ['Walnut', '胡桃木'], ['dark walnut wood with rich grain', '深色胡桃木，丰富木纹']),
  material('timber', ['Timber', '木材'], ['warm natural timber cladding', '温暖的天然木材饰面']),
  material('glass', ['Glass', '玻璃'], ['floor-to-ceiling glass, reflections', '落地玻璃，反射']),
  material('brick', ['Brick', '砖'], ['red clay brick masonry', '红色黏土砖砌体']),
  material('marble', ['Marble', '大理石'], ['polished white marble with grey veining', '抛光白色大理石，灰色纹理']),
  material('terrazzo', ['Terrazzo', '水磨石'], ['terrazzo with coloured aggregate', '彩色骨料水磨石']),
  material('steel', ['Steel', '钢'], ['dark steel frames and profiles', '深色钢框架与型材']),
  material('stone', ['Natural stone', '石材'], ['rough natural stone walls', '粗糙的天然石墙']),
  material('plaster', ['White plaster', '白色涂料'], ['smooth white plaster surfaces', '光滑的白色涂料墙面']),
  material('bamboo', ['Bamboo', '竹'], ['bamboo screens and cladding', '竹制格栅与饰面']),
  material('copper', ['Copper', '铜'], ['patinated copper panels', '氧化铜板']),
  material('rammed-earth', ['Rammed earth', '夯土'], ['layered rammed earth walls', '层状夯土墙']),
  building('house', ['House', '独栋住宅'], ['detached family house', '独栋家庭住宅']),
  building('residential', ['Residential', '住宅'], ['residential building', '住宅建筑']),
  building('villa', ['Villa', '别墅'], ['private villa with garden', '带花园的私人别墅']),
  building('office', ['Office building', '办公楼'], ['office building', '办公建筑']),
  building('office-tower', ['Office tower', '办公塔楼'], ['high-rise office tower', '高层办公塔楼']),
  building('museum', ['Museum', '博物馆'], ['museum building with public plaza', '带公共广场的博物馆建筑']),
  building('school', ['School', '学校'], ['school campus building', '学校校园建筑']),
  building('library', ['Library', '图书馆'], ['public library', '公共图书馆']),
  building('hotel', ['Hotel', '酒店'], ['boutique hotel', '精品酒店']),
  building(
    'commercial',
    ['Commercial', '商业综合体'],
    ['commercial complex with retail podium', '带零售裙楼的商业综合体'],
  ),
  building('cultural-center', ['Cultural centre', '文化中心'], ['cultural centre and theatre', '文化中心与剧院']),
  building('hospital', ['Hospital', '医院'], ['hospital building', '医院建筑']),
  building('pavilion', ['Pavilion', '景观亭'], ['landscape pavilion', '景观亭']),
  room('living-room', ['Living room', '客厅'], ['living room interior', '客厅室内']),
  room('bedroom', ['Bedroom', '卧室'], ['bedroom interior', '卧室室内']),
  room('kitchen', ['Kitchen', '厨房'], ['kitchen interior', '厨房室内']),
  room('bathroom', ['Bathroom', '卫生间'], ['bathroom interior', '卫生间室内']),
  room('dining-room', ['Dining room', '餐厅'], ['dining room interior', '餐厅室内']),
  room('study', ['Study', '书房'], ['home study interior', '家庭书房室内']),
  room('workspace', ['Office', '办公室'], ['open office workspace interior', '开放式办公空间室内']),
  room('meeting-room', ['Meeting room', '会议室'], ['meeting room interior', '会议室室内']),
  room('lobby', ['Lobby', '大堂'], ['hotel lobby interior', '酒店大堂室内']),
  room('restaurant', ['Restaurant', '餐馆'], ['restaurant interior', '餐馆室内']),
  room('cafe', ['Café', '咖啡馆'], ['cafe interior', '咖啡馆室内']),
  room('retail', ['Retail store', '零售店'], ['retail store interior', '零售店室内']),
  room('hotel-room', ['Hotel room', '酒店客房'], ['hotel guest room interior', '酒店客房室内']),
  room('kids-room', ["Children's room", '儿童房'], ["children's room interior", '儿童房室内']),
];

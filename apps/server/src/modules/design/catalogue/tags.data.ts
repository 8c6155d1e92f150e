/**
 * The seeded tag catalogue: bilingual labels over the English prompt text the engines read.
 * `type` says which design type shows the tag ('both' for styles and materials shared by all).
 */
export interface TagSeed {
  slug: string;
  /** 'environment' tags belong to the community only; the studio reads the other three. */
  category: 'style' | 'material' | 'function' | 'environment';
  type: 'architectural' | 'interior' | 'both';
  en: string;
  zh: string;
  prompt: string;
}

const t = (
  category: TagSeed['category'],
  type: TagSeed['type'],
  slug: string,
  en: string,
  zh: string,
  prompt: string,
): TagSeed => ({ category, type, slug, en, zh, prompt });

export const TAG_SEEDS: TagSeed[] = [
  t('style', 'both', 'modern', 'Modern', '现代', 'modern architecture, clean lines, large glazing'),
  t('style', 'both', 'minimalist', 'Minimalist', '极简', 'minimalist design, pure volumes, restrained palette'),
  t('style', 'both', 'industrial', 'Industrial', '工业风', 'industrial style, exposed structure, raw finishes'),
  t('style', 'both', 'scandinavian', 'Scandinavian', '北欧', 'scandinavian design, light timber, soft daylight'),
  t('style', 'both', 'japandi', 'Japandi', '日式侘寂', 'japandi, wabi-sabi, natural textures, calm'),
  t('style', 'both', 'brutalist', 'Brutalist', '粗野主义', 'brutalist architecture, monolithic concrete, bold massing'),
  t('style', 'both', 'parametric', 'Parametric', '参数化', 'parametric design, flowing curves, computational facade'),
  t('style', 'both', 'classical', 'Classical', '古典', 'classical architecture, symmetry, columns, ornament'),
  t('style', 'both', 'new-chinese', 'New Chinese', '新中式', 'new chinese style, courtyard, dark timber, ink tones'),
  t(
    'style',
    'both',
    'mediterranean',
    'Mediterranean',
    '地中海',
    'mediterranean style, white stucco, arches, terracotta',
  ),
  t('style', 'both', 'art-deco', 'Art Deco', '装饰艺术', 'art deco, geometric ornament, brass accents'),
  t('style', 'both', 'biophilic', 'Biophilic', '亲自然', 'biophilic design, planting, green walls, natural light'),
  t('style', 'both', 'futuristic', 'Futuristic', '未来主义', 'futuristic design, sleek surfaces, dramatic lighting'),
  t('material', 'both', 'concrete', 'Concrete', '清水混凝土', 'board-formed exposed concrete'),
  t('material', 'both', 'timber', 'Timber', '木材', 'warm natural timber cladding'),
  t('material', 'both', 'glass', 'Glass', '玻璃', 'floor-to-ceiling glass, reflections'),
  t('material', 'both', 'brick', 'Brick', '砖', 'red clay brick masonry'),
  t('material', 'both', 'marble', 'Marble', '大理石', 'polished white marble with grey veining'),
  t('material', 'both', 'steel', 'Steel', '钢', 'dark steel frames and profiles'),
  t('material', 'both', 'stone', 'Natural stone', '石材', 'rough natural stone walls'),
  t('material', 'both', 'plaster', 'White plaster', '白色涂料', 'smooth white plaster surfaces'),
  t('material', 'both', 'terrazzo', 'Terrazzo', '水磨石', 'terrazzo with coloured aggregate'),
  t('material', 'both', 'bamboo', 'Bamboo', '竹', 'bamboo screens and cladding'),
  t('material', 'both', 'copper', 'Copper', '铜', 'patinated copper panels'),
  t('material', 'both', 'rammed-earth', 'Rammed earth', '夯土', 'layered rammed earth walls'),
  t('function', 'architectural', 'residential', 'Residential', '住宅', 'residential building'),
  t('function', 'architectural', 'villa', 'Villa', '别墅', 'private villa with garden'),
  t('function', 'architectural', 'office', 'Office', '办公', 'office building'),
  t('function', 'architectural', 'museum', 'Museum', '博物馆', 'museum building with public plaza'),
  t('function', 'architectural', 'school', 'School', '学校', 'school campus building'),
  t('function', 'architectural', 'library', 'Library', '图书馆', 'public library'),
  t('function', 'architectural', 'hotel', 'Hotel', '酒店', 'boutique hotel'),
  t('function', 'architectural', 'commercial', 'Commercial', '商业综合体', 'commercial complex with retail podium'),
  t('function', 'architectural', 'cultural-center', 'Cultural centre', '文化中心', 'cultural centre and theatre'),
  t('function', 'architectural', 'hospital', 'Hospital', '医院', 'hospital building'),
  t('function', 'architectural', 'pavilion', 'Pavilion', '景观亭', 'landscape pavilion'),
  t('function', 'interior', 'living-room', 'Living room', '客厅', 'living room interior'),
  t('function', 'interior', 'bedroom', 'Bedroom', '卧室', 'bedroom interior'),
  t('function', 'interior', 'kitchen', 'Kitchen', '厨房', 'kitchen interior'),
  t('function', 'interior', 'bathroom', 'Bathroom', '卫生间', 'bathroom interior'),
  t('function', 'interior', 'dining-room', 'Dining room', '餐厅', 'dining room interior'),
  t('function', 'interior', 'study', 'Study', '书房', 'home study interior'),
  t('function', 'interior', 'lobby', 'Lobby', '大堂', 'hotel lobby interior'),
  t('function', 'interior', 'workspace', 'Workspace', '办公空间', 'open office workspace interior'),
  t('function', 'interior', 'restaurant', 'Restaurant', '餐馆', 'restaurant interior'),
  t('function', 'interior', 'cafe', 'Café', '咖啡馆', 'cafe interior'),
  t('function', 'interior', 'retail', 'Retail store', '零售店', 'retail store interior'),
  t('function', 'interior', 'kids-room', "Children's room", '儿童房', "children's room interior"),
];

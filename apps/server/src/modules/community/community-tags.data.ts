/**
 * Where a community work is set: the environment tags exist only in the community (the studio's
 * prompt is built from style, material and function). The catalogue seeds them after its own
 * tags, in the same table (see services.ts).
 */
export interface EnvironmentTagSeed {
  slug: string;
  category: 'environment';
  /** Every setting suits both design types. */
  type: 'both';
  en: string;
  zh: string;
  /** English words for the setting, kept like every tag's prompt text. */
  prompt: string;
}

const e = (slug: string, en: string, zh: string, prompt: string): EnvironmentTagSeed => ({
  slug,
  category: 'environment',
  type: 'both',
  en,
  zh,
  prompt,
});

export const ENVIRONMENT_TAG_SEEDS: EnvironmentTagSeed[] = [
  e('urban', 'Urban', '城市', 'dense urban setting, city street'),
  e('suburban', 'Suburban', '郊区', 'quiet suburban neighbourhood'),
  e('rural', 'Rural', '乡村', 'rural countryside, fields'),
  e('waterfront', 'Waterfront', '滨水', 'waterfront site by a river or lake'),
  e('coastal', 'Coastal', '海滨', 'coastal site overlooking the sea'),
  e('mountain', 'Mountain', '山地', 'mountain landscape, slopes'),
  e('forest', 'Forest', '森林', 'forest clearing among tall trees'),
  e('desert', 'Desert', '沙漠', 'arid desert landscape'),
  e('campus', 'Campus', '校园', 'campus grounds with lawns'),
  e('park', 'Park', '公园', 'public park with planting'),
  e('historic-district', 'Historic district', '历史街区', 'historic district, old streets'),
  e('courtyard', 'Courtyard', '庭院', 'enclosed courtyard garden'),
  e('rooftop', 'Rooftop', '屋顶', 'rooftop terrace above the city'),
  e('snow', 'Snowy', '雪景', 'snow-covered winter landscape'),
];

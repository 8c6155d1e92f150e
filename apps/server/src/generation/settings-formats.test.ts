import { describe, expect, it } from 'vitest';
import { ENGINES } from './engines/index.ts';
import { parseModelCosts, parseModelEngines, parseQualityTable } from './settings-formats.ts';

describe('MODEL_COSTS', () => {
  it('reads prices per model by quality and upscale factor', () => {
    expect(parseModelCosts('flux-pro:SD:3,HD:4,FHD:6; stable-image-ultra:x4:20,x2:1')).toEqual({
      value: { 'flux-pro': { SD: 3, HD: 4, FHD: 6 }, 'stable-image-ultra': { 4: 20, 2: 1 } },
      problems: [],
    });
    expect(parseModelCosts('')).toEqual({ value: {}, problems: [] });
  });

  it('names every part it does not know instead of ignoring it', () => {
    const { problems } = parseModelCosts('flux-pro:SD:3; stable-image-ultra:x4:20,x2:0,XL:9;nope:SD:1;wan');
    expect(problems).toEqual([
      'stable-image-ultra: x2: "0" is not a whole number above 0',
      'stable-image-ultra: unknown key "XL"',
      'unknown model "nope"',
      'wan has no prices',
    ]);
    expect(parseModelCosts('flux-pro:SD:3;flux-pro:HD:4').problems).toEqual(['flux-pro is priced twice']);
    expect(parseModelCosts('flux-pro:SD:3,SD:4').problems).toEqual(['flux-pro: SD is given twice']);
    expect(parseModelCosts('flux-pro:SD:1.5,HD').problems).toEqual([
      'flux-pro: SD: "1.5" is not a whole number above 0',
      'flux-pro: "HD" is not a key:number pair',
    ]);
    expect(parseModelCosts('flux-pro:SD:3;').problems).toEqual(['an empty entry']);
  });
});

describe('QUALITY_LONG_EDGE and COST_CUBES', () => {
  const defaults = { SD: 768, HD: 1280, FHD: 2048 };

  it('keeps the default of a quality left out', () => {
    expect(parseQualityTable('HD:1400', defaults)).toEqual({ value: { SD: 768, HD: 1400, FHD: 2048 }, problems: [] });
    expect(parseQualityTable(' ', defaults)).toEqual({ value: defaults, problems: [] });
  });

  it('refuses an unknown quality, and an edge that is not a whole number above 0', () => {
    expect(parseQualityTable('SD:768,XL:4096', defaults).problems).toEqual(['unknown key "XL"']);
    expect(parseQualityTable('SD:-768', defaults).problems).toEqual(['SD: "-768" is not a whole number above 0']);
    expect(parseQualityTable('SD:0,HD:12.5', defaults).problems).toEqual([
      'SD: "0" is not a whole number above 0',
      'HD: "12.5" is not a whole number above 0',
    ]);
    expect(parseQualityTable('SD=768', defaults).problems).toEqual(['"SD=768" is not a key:number pair']);
  });
});

describe('MODEL_ENGINES', () => {
  it('routes models of the catalogue to engines the server knows', () => {
    expect(parseModelEngines('architecture:comfyui, architecture-beta:openai', ENGINES)).toEqual({
      value: { architecture: 'comfyui', 'architecture-beta': 'openai' },
      problems: [],
    });
  });

  it('refuses an unknown engine or model, a malformed pair and a model routed twice', () => {
    const refused = (text: string) => parseModelEngines(text, ENGINES).problems;
    expect(refused('architecture:comfy')).toEqual(['unknown engine "comfy"']);
    expect(refused('archi:comfyui')).toEqual(['unknown model "archi"']);
    expect(refused('architecture')).toEqual(['"architecture" is not a model:engine pair']);
    expect(refused('architecture:comfyui:x,:openai')).toEqual([
      '"architecture:comfyui:x" is not a model:engine pair',
      '":openai" is not a model:engine pair',
    ]);
    expect(refused('architecture:comfyui,architecture:openai')).toEqual(['architecture is routed twice']);
  });
});

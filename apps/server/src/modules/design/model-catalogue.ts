import { MODELS, type ModelInfo } from '@turing/contract';
import { MODEL_CATALOGUE, type GenerationSettings } from '../../generation/index.ts';

const FACTORS = [2, 4] as const;

/**
 * The models as the studio lists them. A model whose engine this server has not set up is listed
 * too, marked unavailable with the reason, so a copied task that names it explains itself; the
 * studio keeps such models out of its picker.
 */
export function createModelCatalogue(settings: GenerationSettings) {
  return {
    list(): ModelInfo[] {
      const items: ModelInfo[] = [];
      for (const id of MODELS) {
        const engine = settings.engineFor(id);
        const capabilities = settings.capabilities(engine);
        // A misspelt engine in MODEL_ENGINES: nothing to describe (the operator's fleet check names it).
        if (!capabilities) continue;
        const available = settings.engineSetUp(engine);
        items.push({
          id,
          name: MODEL_CATALOGUE[id].name,
          engine,
          price: (({ SD, HD, FHD, upscale }) => ({ SD, HD, FHD, upscale: { '2': upscale[2], '4': upscale[4] } }))(
            settings.price(id),
          ),
          capabilities: {
            ...capabilities,
            modes: [...capabilities.modes],
            aspects: capabilities.aspects === 'any' ? 'any' : [...capabilities.aspects],
            qualities: [...capabilities.qualities],
            upscale: [...capabilities.upscale],
            languages: [...capabilities.languages],
          },
          upscaleFactors: FACTORS.filter((upscale) =>
            settings
              .capabilities(settings.engineForTask({ model: id, mode: 'upscale', upscale }))
              ?.upscale.includes(upscale),
          ),
          available,
          unavailable: available ? null : 'not_set_up',
        });
      }
      return items;
    },
  };
}
export type ModelCatalogue = ReturnType<typeof createModelCatalogue>;

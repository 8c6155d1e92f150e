import type { Task, TaskParamsInput } from '@turing/contract';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { toast } from '../../../shared/ui/toast.ts';
import type { StageHandlers } from '../components/stage-actions.tsx';
import { encodeParams } from '../../../shared/routes/params-link.ts';
import type { SlotImage, SlotName, StudioMode } from '../lib/studio-values.ts';
import type { useGenerate } from './use-generate.ts';
import type { StudioHandoff } from './use-studio-form.ts';

const PAGE: Record<string, string> = {
  text: PATHS.textGenerate,
  iterate: PATHS.iterationRendering,
  edit: PATHS.stepEditing,
};

interface Deps {
  mode: StudioMode;
  gen: ReturnType<typeof useGenerate>;
  setImage(slot: SlotName, image: SlotImage | undefined): void;
  prefill(params: Record<string, unknown>): void;
  /** A task started from the stage (upscale, vary) takes the stage. */
  onSubmitted(task: Task): void;
  /** Step editing: a new base image clears the region drawn on the old one. */
  onNewBase?(): void;
}

/** What the stage's actions do on this page. */
export function useStageActions({ mode, gen, setImage, prefill, onSubmitted, onNewBase }: Deps): StageHandlers {
  const { t } = useTranslation('design');
  const navigate = useNavigate();
  const handTo = (path: string, state: StudioHandoff) => navigate(path, { state });

  const putBase = (image: SlotImage, target: StudioMode) => {
    if (mode !== target) return handTo(PAGE[target]!, { base: image });
    setImage('base', image);
    onNewBase?.();
    toast.success(t('viewer.baseSet'));
  };

  const submitted = (task: Task | null) => {
    if (task) onSubmitted(task);
  };

  return {
    busy: gen.pending,
    onUseAsBase: (image) => putBase(image, 'iterate'),
    onEditRegion: (image) => putBase(image, 'edit'),
    onUpscale: (image, factor, model) =>
      void gen
        .run({ mode: 'upscale', baseImageId: image.id, upscale: factor, ...(model && { model }) })
        .then(submitted),
    onRegenerate(task) {
      // A new seed, picked by the server (a model that cannot keep one is given none).
      const { seed: _seed, ...params } = task.params as TaskParamsInput;
      void gen.run(params).then(submitted);
    },
    onCopyParams(task) {
      const { seed: _seed, ...params } = task.params;
      const link = `${location.origin}${location.pathname}#${PAGE[task.mode] ?? PAGE[mode]}?params=${encodeParams(params)}`;
      const copied = navigator.clipboard?.writeText(link);
      if (!copied) toast.warning(t('viewer.copyUnsupported'));
      else
        copied.then(
          () => toast.success(t('viewer.copied')),
          () => toast.warning(t('viewer.copyUnsupported')),
        );
      if (task.mode === mode || task.mode === 'upscale') prefill(params);
      else handTo(PAGE[task.mode]!, { params });
    },
  };
}

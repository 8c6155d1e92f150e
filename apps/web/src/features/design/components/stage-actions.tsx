import { Button, Tooltip } from 'antd';
import {
  CopyOutlined,
  DownloadOutlined,
  EditOutlined,
  ExpandOutlined,
  ReloadOutlined,
  SendOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import {
  imageExt,
  imageFileName,
  imageStep,
  MODELS,
  type CostPreview,
  type Model,
  type Task,
  type TaskResult,
} from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { imageDownload } from '../../../shared/http/image-download.ts';
import { usePublish } from '../../../shared/ui/publish/publish-context.ts';
import { useCost } from '../api/get-cost.ts';
import type { SlotImage } from '../lib/studio-values.ts';
import { varyBlock, type VaryBlock, type VaryStrength } from '../lib/variation.ts';
import { useChosenModel } from './model-picker.tsx';

/** "Vary subtly / strongly" on the result on the stage (see `variationParams`). */
export interface VaryControl {
  onVary(strength: VaryStrength): void;
  /** What a variation costs: the same as any task of that model, quality and count. */
  cost: CostPreview | undefined;
  busy: boolean;
}

export interface StageHandlers {
  onUseAsBase(image: SlotImage): void;
  onEditRegion(image: SlotImage): void;
  /** Upscales with the model that made the image (its own upscaler when it has one), at that model's price. */
  onUpscale(image: SlotImage, factor: 2 | 4, model?: Model): void;
  onRegenerate(task: Task): void;
  onCopyParams(task: Task): void;
  busy?: boolean;
}

interface Props extends StageHandlers {
  task: Task;
  result: TaskResult;
  /** Variations of this result, where the page offers them. */
  vary?: VaryControl;
}

/** "2 cubes", "1 cube" or "in your plan": what a paid action costs, said on its button. */
function usePrice(cost: CostPreview | undefined) {
  const { t } = useTranslation('design');
  if (!cost) return null;
  if (cost.coveredByPlan) return t('stage.pricePlan');
  return cost.cubes === 1 ? t('stage.priceOne') : t('stage.price', { n: cost.cubes });
}

function UpscaleButton({
  result,
  factor,
  model,
  disabled,
  onUpscale,
}: {
  result: TaskResult;
  factor: 2 | 4;
  model?: Model;
  disabled?: boolean;
  onUpscale: StageHandlers['onUpscale'];
}) {
  const { t } = useTranslation('design');
  const cost = useCost({ mode: 'upscale', baseImageId: result.id, upscale: factor, ...(model && { model }) });
  const price = usePrice(cost.data);
  const short = cost.data ? !cost.data.enough : false;
  const image: SlotImage = { id: result.id, url: result.url, width: result.width, height: result.height };
  return (
    <Tooltip title={short ? t('generate.why.insufficient') : null}>
      <Button
        icon={factor === 2 ? <ExpandOutlined /> : undefined}
        disabled={disabled || short}
        onClick={() => (model ? onUpscale(image, factor, model) : onUpscale(image, factor))}
        data-testid={`upscale-${factor}`}
      >
        {t('viewer.upscale', { n: factor })}
        {price && <span className="stage-actions__price">{price}</span>}
      </Button>
    </Tooltip>
  );
}

/** What the subtle and strong buttons say when they are off for a reason of the result or its model. */
const VARY_BLOCK_REASON = {
  model: 'stage2.varyUnsupported',
  edit: 'stage2.varyEdit',
  upscale: 'stage2.varyUpscale',
  weight: 'stage2.varyNoWeight',
} as const satisfies Record<VaryBlock, string>;

/**
 * "Vary (new seed)" reruns the task as it was; "Vary subtly" and "Vary strongly" start from this
 * result with the same words and a new seed, keeping more or less of it. One group, one price: the
 * three cost what the task cost. The last two stay off, saying why, where they could not keep their
 * promise (`varyBlock`): the new seed still works there.
 */
function VaryGroup({ task, vary, busy, onRegenerate }: Pick<Props, 'task' | 'vary' | 'busy' | 'onRegenerate'>) {
  const { t, i18n } = useTranslation('design');
  const model = useChosenModel(String(task.params.model ?? ''));
  const price = usePrice(vary?.cost);
  const short = vary?.cost ? !vary.cost.enough : false;
  const block = varyBlock(task, model);
  const name = model?.name[i18n.language === 'zh' ? 'zh' : 'en'] ?? '';
  const why = short ? t('generate.why.insufficient') : block ? t(VARY_BLOCK_REASON[block], { name }) : null;
  return (
    <span
      className="stage-actions__vary"
      role="group"
      aria-label={price ? t('stage2.varyGroupPrice', { price }) : t('stage2.varyGroup')}
    >
      <Button icon={<ReloadOutlined />} disabled={busy} onClick={() => onRegenerate(task)} data-testid="vary-new-seed">
        {t('stage.vary')}
      </Button>
      {vary &&
        (['subtle', 'strong'] as const).map((strength) => (
          <Tooltip key={strength} title={why ?? t(`stage2.${strength}Hint`)}>
            <Button
              data-testid={`vary-${strength}`}
              disabled={vary.busy || short || block !== null}
              aria-label={t(`stage2.${strength}Name`)}
              onClick={() => vary.onVary(strength)}
            >
              {t(`stage2.${strength}`)}
            </Button>
          </Tooltip>
        ))}
      {vary && price && (
        <span className="stage-actions__price" aria-hidden>
          {price}
        </span>
      )}
    </span>
  );
}

/**
 * The name a result downloads under, as the server names it: numbered in a batch. An upscale or an
 * edit carries its source's name, which only the server knows: the link leaves the name to it.
 */
function downloadName(task: Task, result: TaskResult) {
  if (imageStep(task.mode)) return '';
  return imageFileName({
    prompt: task.promptOriginal,
    createdAt: task.finishedAt ?? task.createdAt,
    id: result.id,
    ext: imageExt(result.url),
    index: task.results.findIndex((r) => r.id === result.id),
    count: task.results.length,
  });
}

/**
 * What a user does next with the result on the stage: keep it, build on it and upscale it, and,
 * on a line of their own beside the words they share, its variations.
 */
export function StageActions({
  task,
  result,
  onUseAsBase,
  onEditRegion,
  onUpscale,
  onRegenerate,
  onCopyParams,
  busy,
  vary,
}: Props) {
  const { t } = useTranslation('design');
  const publisher = usePublish();
  const image: SlotImage = { id: result.id, url: result.url, width: result.width, height: result.height };
  const model = MODELS.find((m) => m === task.params.model);
  return (
    <div className="stage-actions" role="toolbar" aria-label={t('stage.actions')} data-testid="stage-actions">
      <div className="stage-actions__row">
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          {...imageDownload({ ...result, prompt: task.promptOriginal, createdAt: task.finishedAt ?? task.createdAt })}
          download={downloadName(task, result)}
          data-testid="download-link"
        >
          {t('stage.download')}
        </Button>
        <Button icon={<SyncOutlined />} onClick={() => onUseAsBase(image)}>
          {t('viewer.useAsBase')}
        </Button>
        <Button icon={<EditOutlined />} onClick={() => onEditRegion(image)}>
          {t('viewer.editRegion')}
        </Button>
        {task.mode !== 'upscale' && (
          <>
            <UpscaleButton result={result} factor={2} model={model} disabled={busy} onUpscale={onUpscale} />
            <UpscaleButton result={result} factor={4} model={model} disabled={busy} onUpscale={onUpscale} />
          </>
        )}
        <Button icon={<CopyOutlined />} onClick={() => onCopyParams(task)}>
          {t('viewer.copyParams')}
        </Button>
        {publisher && (
          <Button
            icon={<SendOutlined />}
            data-testid="publish-result"
            onClick={() =>
              void publisher.publish({
                imageId: result.id,
                thumbUrl: result.thumbUrl,
                width: result.width,
                height: result.height,
                suggestedTitle: task.promptOriginal,
              })
            }
          >
            {t('stage.publish')}
          </Button>
        )}
      </div>
      {(task.mode !== 'upscale' || task.promptOriginal) && (
        <div className="stage-actions__row stage-actions__row--vary">
          {task.mode !== 'upscale' && <VaryGroup task={task} vary={vary} busy={busy} onRegenerate={onRegenerate} />}
          {task.promptOriginal && (
            <p className="stage__prompt" title={task.promptOriginal}>
              {task.promptOriginal}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

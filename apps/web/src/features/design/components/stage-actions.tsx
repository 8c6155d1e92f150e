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
import { MODELS, type CostPreview, type Model, type Task, type TaskResult } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { imageDownload } from '../../../shared/http/image-download.ts';
import { usePublish } from '../../../shared/ui/publish/publish-context.ts';
import { useCost } from '../api/get-cost.ts';
import type { SlotImage } from '../lib/studio-values.ts';

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

/** What a user does next with the result on the stage. */
export function StageActions({
  task,
  result,
  onUseAsBase,
  onEditRegion,
  onUpscale,
  onRegenerate,
  onCopyParams,
  busy,
}: Props) {
  const { t } = useTranslation('design');
  const publisher = usePublish();
  const image: SlotImage = { id: result.id, url: result.url, width: result.width, height: result.height };
  const model = MODELS.find((m) => m === task.params.model);
  return (
    <div className="stage-actions" role="toolbar" aria-label={t('stage.actions')} data-testid="stage-actions">
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        {...imageDownload({ ...result, prompt: task.promptOriginal, createdAt: task.finishedAt ?? task.createdAt })}
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
      {task.mode !== 'upscale' && (
        <Button icon={<ReloadOutlined />} disabled={busy} onClick={() => onRegenerate(task)}>
          {t('stage.vary')}
        </Button>
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
  );
}

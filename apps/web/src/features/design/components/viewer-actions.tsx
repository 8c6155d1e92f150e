import { Button, Divider, Space } from 'antd';
import {
  CopyOutlined,
  DownloadOutlined,
  EditOutlined,
  ExpandOutlined,
  ReloadOutlined,
  SendOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { Task, TaskResult } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { imageDownload } from '../../../shared/http/image-download.ts';
import { usePublish } from '../../../shared/ui/publish/publish-context.ts';
import type { SlotImage } from '../lib/studio-values.ts';

export interface ViewerHandlers {
  onUseAsBase(image: SlotImage): void;
  onEditRegion(image: SlotImage): void;
  onUpscale(image: SlotImage, factor: 2 | 4): void;
  onRegenerate(task: Task): void;
  onCopyParams(task: Task): void;
  busy?: boolean;
}

interface Props extends ViewerHandlers {
  task: Task;
  result: TaskResult;
}

/** What a user does next with a result. */
export function ViewerActions({
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
  return (
    <div className="viewer__actions">
      <Button
        type="primary"
        block
        icon={<DownloadOutlined />}
        {...imageDownload({ ...result, prompt: task.promptOriginal, createdAt: task.finishedAt ?? task.createdAt })}
        data-testid="download-link"
      >
        {t('viewer.download')}
      </Button>
      <div className="viewer__meta">
        {result.width} × {result.height} px
      </div>
      <Divider size="small" />
      <Button block icon={<SyncOutlined />} onClick={() => onUseAsBase(image)}>
        {t('viewer.useAsBase')}
      </Button>
      <Button block icon={<EditOutlined />} onClick={() => onEditRegion(image)}>
        {t('viewer.editRegion')}
      </Button>
      {task.mode !== 'upscale' && (
        <Space.Compact block>
          <Button icon={<ExpandOutlined />} disabled={busy} onClick={() => onUpscale(image, 2)}>
            {t('viewer.upscale', { n: 2 })}
          </Button>
          <Button disabled={busy} onClick={() => onUpscale(image, 4)}>
            {t('viewer.upscale', { n: 4 })}
          </Button>
        </Space.Compact>
      )}
      <Button block icon={<ReloadOutlined />} disabled={busy} onClick={() => onRegenerate(task)}>
        {t('viewer.regenerate')}
      </Button>
      <Button block icon={<CopyOutlined />} onClick={() => onCopyParams(task)}>
        {t('viewer.copyParams')}
      </Button>
      {publisher && (
        <Button
          block
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
          {t('viewer.publish')}
        </Button>
      )}
      {task.promptOriginal && (
        <>
          <Divider size="small" />
          <div className="viewer__meta">
            <strong>{t('form.prompt')}:</strong> {task.promptOriginal}
          </div>
        </>
      )}
    </div>
  );
}

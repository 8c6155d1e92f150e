import { Button, Checkbox, Dropdown, type MenuProps } from 'antd';
import {
  CheckCircleFilled,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ExperimentOutlined,
  FolderOpenOutlined,
  InfoCircleOutlined,
  MoreOutlined,
  PictureOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { FolderImage } from '@turing/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { detailPath } from '../../../shared/routes/paths.ts';
import { useFormatShortTime } from '../lib/format.ts';
import { describe, downloadOf, type ImageActions } from '../lib/image-actions.ts';
import { thumbSrcSet } from '../../../shared/ui/thumb-srcset.ts';

/**
 * The width of a card in `.ws-grid` (columns of at least 200 px beside the 320 px folder pane, under
 * it below 900 px): browsers that size lazy images by their layout take it from there ("auto"); the
 * others get this list, worked out from the same rules, a little over rather than under.
 */
const IMAGE_CARD_SIZES =
  'auto, (max-width: 447.98px) calc(100vw - 32px), (max-width: 695.98px) calc(50vw - 24px), (max-width: 900px) calc(33.4vw - 32px), (max-width: 1039.98px) calc(50vw - 212px), (max-width: 1255.98px) calc(33.4vw - 146px), (max-width: 1439.98px) calc(25vw - 114px), 246px';

interface Props {
  image: FolderImage;
  selected: boolean;
  onToggle(selected: boolean): void;
  actions: ImageActions;
}

/** One image of the grid: its thumbnail opens it full size; a checkbox selects it for batch actions. */
export function ImageCard({ image, selected, onToggle, actions }: Props) {
  const { t } = useTranslation('workspace');
  const formatTime = useFormatShortTime();
  const time = formatTime(image.createdAt);
  const prompt = describe(image);
  const alt = prompt ? t('images.altPrompt', { prompt, time }) : t('images.alt', { time });

  const items: MenuProps['items'] = [
    { key: 'move', icon: <FolderOpenOutlined />, label: t('images.moveTo') },
    { key: 'copy', icon: <CopyOutlined />, label: t('images.copyTo') },
    { type: 'divider' },
    ...(image.params ? [{ key: 'studio', icon: <ExperimentOutlined />, label: t('images.openInStudio') }] : []),
    { key: 'base', icon: <PictureOutlined />, label: t('images.useAsBase') },
    ...(actions.publish
      ? [
          {
            key: 'publish',
            icon: <ShareAltOutlined />,
            label: image.workId ? t('images.editWork') : t('images.publish'),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('images.delete') },
  ];
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'move') actions.move([image.id]);
    else if (key === 'copy') actions.copy([image.id]);
    else if (key === 'studio') actions.openInStudio(image);
    else if (key === 'base') actions.asBase(image);
    else if (key === 'publish') actions.publish?.(image);
    else if (key === 'delete') actions.remove([image.id]);
  };

  return (
    <li
      className={`ws-image${selected ? ' ws-image--selected' : ''}`}
      data-testid="image-card"
      data-id={image.id}
      data-image-id={image.imageId}
    >
      <div className="ws-image__frame">
        <button
          type="button"
          className="ws-image__thumb"
          onClick={() => actions.preview(image)}
          title={t('images.open')}
        >
          <img
            src={image.thumbUrl}
            srcSet={thumbSrcSet(image.thumbs)}
            sizes={IMAGE_CARD_SIZES}
            alt={alt}
            loading="lazy"
            width={image.width}
            height={image.height}
          />
        </button>
        <Checkbox
          className="ws-image__check"
          checked={selected}
          onChange={(e) => onToggle(e.target.checked)}
          aria-label={t('images.select', { time })}
        />
        {image.workId && (
          <Link to={detailPath(image.workId)} className="ws-image__badge" data-testid="published-badge">
            <CheckCircleFilled aria-hidden /> {t('images.published')}
          </Link>
        )}
      </div>
      <div className="ws-image__bar">
        <span className="ws-image__text">
          {prompt && (
            <span className="ws-image__prompt" title={prompt} data-testid="image-prompt">
              {prompt}
            </span>
          )}
          <time className="ws-image__time" dateTime={image.createdAt}>
            {time}
          </time>
        </span>
        <span className="ws-image__actions">
          <Button
            type="text"
            size="small"
            icon={<InfoCircleOutlined />}
            aria-label={t('images.details')}
            title={t('images.details')}
            onClick={() => actions.details(image)}
          />
          <Button
            type="text"
            size="small"
            icon={<DownloadOutlined />}
            {...downloadOf(image)}
            aria-label={t('images.download')}
            title={t('images.download')}
            data-testid="image-download"
          />
          <Dropdown trigger={['click']} menu={{ items, onClick: onMenu }}>
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('images.actions')}
              title={t('images.actions')}
              data-testid="image-actions"
            />
          </Dropdown>
        </span>
      </div>
    </li>
  );
}

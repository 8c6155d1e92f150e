import { Button, Input } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { BOARD_CAPTION_MAX, BOARD_GROUP_MAX } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import type { BoardExportImage } from '../../../shared/ui/board/board-export-context.ts';

interface Props {
  images: BoardExportImage[];
  onChange(images: BoardExportImage[]): void;
  disabled?: boolean;
}

/** The board's images in their order on the board, each with its caption and view name to edit. */
export function BoardImageList({ images, onChange, disabled }: Props) {
  const { t } = useTranslation('board');
  const edit = (index: number, patch: Partial<BoardExportImage>) =>
    onChange(images.map((image, i) => (i === index ? { ...image, ...patch } : image)));
  const swap = (a: number, b: number) => {
    const next = [...images];
    [next[a], next[b]] = [next[b]!, next[a]!];
    onChange(next);
  };
  return (
    <ol className="board-images" data-testid="board-images">
      {images.map((image, i) => {
        const n = i + 1;
        return (
          <li key={`${image.imageId}:${i}`} className="board-images__row">
            <span className="board-images__number" aria-hidden="true">
              {String(n).padStart(2, '0')}
            </span>
            <img className="board-images__thumb" src={image.thumbUrl} alt={t('images.thumb', { n })} loading="lazy" />
            <Input
              className="board-images__caption"
              value={image.caption ?? ''}
              maxLength={BOARD_CAPTION_MAX}
              placeholder={t('images.captionPlaceholder')}
              aria-label={t('images.caption', { n })}
              disabled={disabled}
              onChange={(e) => edit(i, { caption: e.target.value })}
            />
            <Input
              className="board-images__group"
              value={image.group ?? ''}
              maxLength={BOARD_GROUP_MAX}
              placeholder={t('images.groupPlaceholder')}
              aria-label={t('images.group', { n })}
              disabled={disabled}
              onChange={(e) => edit(i, { group: e.target.value })}
            />
            <span className="board-images__order">
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('images.up', { n })}
                disabled={disabled || i === 0}
                onClick={() => swap(i, i - 1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('images.down', { n })}
                disabled={disabled || i === images.length - 1}
                onClick={() => swap(i, i + 1)}
              />
            </span>
          </li>
        );
      })}
    </ol>
  );
}

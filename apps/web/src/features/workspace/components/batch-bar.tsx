import { Button, Checkbox, Progress, Space } from 'antd';
import {
  CloseOutlined,
  CopyOutlined,
  DeleteOutlined,
  FileZipOutlined,
  FolderOpenOutlined,
  LayoutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ZipState } from '../hooks/use-zip-download.ts';

interface Props {
  total: number;
  selected: number;
  onSelectAll(all: boolean): void;
  onMove(): void;
  onCopy(): void;
  onDelete(): void;
  onClear(): void;
  onZip(): void;
  onZipCancel(): void;
  zip: ZipState;
  /** Opens the board export for the selection; absent when the app offers no boards. */
  onBoard?(): void;
}

/** Select all loaded images, and act on the selection at once. */
export function BatchBar({
  total,
  selected,
  onSelectAll,
  onMove,
  onCopy,
  onDelete,
  onClear,
  onZip,
  onZipCancel,
  zip,
  onBoard,
}: Props) {
  const { t } = useTranslation('workspace');
  const some = selected > 0;
  const zipping = zip.phase !== 'idle';
  const percent = zip.phase === 'downloading' ? zip.percent : null;
  return (
    <div
      className={`ws-batch${some ? ' ws-batch--active' : ''}`}
      role="toolbar"
      aria-label={t('batch.label')}
      data-testid="batch-bar"
    >
      <Checkbox
        checked={some && selected === total}
        indeterminate={some && selected < total}
        onChange={(e) => onSelectAll(e.target.checked)}
        data-testid="select-all"
      >
        {t('batch.selectAll')}
      </Checkbox>
      {some && (
        <>
          <span className="ws-batch__count" aria-live="polite">
            {t('batch.selected', { count: selected })}
          </span>
          <Space wrap size={8} className="ws-batch__actions">
            {zipping ? (
              <span className="ws-batch__zip" data-testid="zip-progress">
                <span aria-live="polite">{percent === null ? t('zip.preparing') : t('zip.progress', { percent })}</span>
                <Progress
                  className="ws-batch__zip-bar"
                  percent={percent ?? 0}
                  status="active"
                  showInfo={false}
                  size="small"
                  aria-label={t('zip.progressLabel')}
                />
                <Button size="small" onClick={onZipCancel} data-testid="zip-cancel">
                  {t('zip.cancel')}
                </Button>
              </span>
            ) : (
              <Button type="primary" icon={<FileZipOutlined />} onClick={onZip} data-testid="batch-zip">
                {t('zip.download', { count: selected })}
              </Button>
            )}
            {onBoard && (
              <Button icon={<LayoutOutlined />} onClick={onBoard} data-testid="batch-board">
                {t('batch.board')}
              </Button>
            )}
            <Button icon={<FolderOpenOutlined />} onClick={onMove} data-testid="batch-move">
              {t('batch.move')}
            </Button>
            <Button icon={<CopyOutlined />} onClick={onCopy} data-testid="batch-copy">
              {t('batch.copy')}
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={onDelete} data-testid="batch-delete">
              {t('batch.delete')}
            </Button>
            <Button type="text" icon={<CloseOutlined />} onClick={onClear}>
              {t('batch.clear')}
            </Button>
          </Space>
        </>
      )}
    </div>
  );
}

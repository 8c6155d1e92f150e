import { Button, Checkbox, Space } from 'antd';
import { CloseOutlined, CopyOutlined, DeleteOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  total: number;
  selected: number;
  onSelectAll(all: boolean): void;
  onMove(): void;
  onCopy(): void;
  onDelete(): void;
  onClear(): void;
}

/** Select all loaded images, and act on the selection at once. */
export function BatchBar({ total, selected, onSelectAll, onMove, onCopy, onDelete, onClear }: Props) {
  const { t } = useTranslation('workspace');
  const some = selected > 0;
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

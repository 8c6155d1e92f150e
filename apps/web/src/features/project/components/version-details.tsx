import { App, Button, Descriptions, Dropdown, Tag, Typography } from 'antd';
import {
  CheckOutlined,
  DiffOutlined,
  DownloadOutlined,
  EditOutlined,
  MoreOutlined,
  PictureOutlined,
  StarFilled,
  StarOutlined,
  SyncOutlined,
  DeleteOutlined,
} from '@ant-design/icons';
import { imageExt, type ProjectVersion } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../lib/version-tree.ts';
import { useFormatTime } from '../lib/format-time.ts';
import { ModeIcon, modeKey } from './mode-icon.tsx';

export type VersionAction = 'current' | 'star' | 'iterate' | 'edit' | 'compare' | 'cover' | 'remove';

interface Props {
  node: TreeNode;
  /** The version it came from, when that is in the view. */
  source: TreeNode | null;
  canEdit: boolean;
  canCompare: boolean;
  busy: VersionAction | null;
  onAction(action: VersionAction): void;
  onSelect(imageId: string): void;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A version's facts (its step, source, maker, prompt, seed) and what can be done with it. */
export function VersionDetails({ node, source, canEdit, canCompare, busy, onAction, onSelect }: Props) {
  const { t } = useTranslation('project');
  const { modal } = App.useApp();
  const formatTime = useFormatTime();
  const v: ProjectVersion = node.version;
  const params = v.params ?? {};

  const rows = [
    { key: 'step', label: t('details.step'), children: t(modeKey(v)) },
    source && {
      key: 'source',
      label: t('details.source'),
      children: (
        <Button
          type="link"
          size="small"
          className="project__inline-link"
          onClick={() => onSelect(source.version.imageId)}
          data-testid="version-source"
        >
          {t('details.sourceLink', { label: source.label, mode: t(modeKey(source.version)) })}
        </Button>
      ),
    },
    text(v.prompt ?? params.prompt) && {
      key: 'prompt',
      label: t('params.prompt'),
      children: text(v.prompt ?? params.prompt),
    },
    v.model && {
      key: 'model',
      label: t('params.model'),
      children: t(`workspace:values.model.${v.model}`, { defaultValue: v.model }),
    },
    v.seed !== null && { key: 'seed', label: t('params.seed'), children: String(v.seed) },
    { key: 'size', label: t('details.size'), children: `${v.width} × ${v.height}` },
    v.addedBy && { key: 'by', label: t('details.by'), children: v.addedBy.nickname },
    { key: 'made', label: t('details.made'), children: formatTime(v.createdAt) },
  ].filter(Boolean) as { key: string; label: string; children: React.ReactNode }[];

  const confirmRemove = () =>
    modal.confirm({
      title: t('version.removeTitle', { label: node.label }),
      content: t('version.removeBody'),
      okText: t('version.remove'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => onAction('remove'),
    });

  const more = [
    canEdit && { key: 'edit', icon: <EditOutlined />, label: t('version.editInStudio') },
    canEdit && { key: 'cover', icon: <PictureOutlined />, label: t('version.cover') },
    canEdit && { key: 'remove', icon: <DeleteOutlined />, danger: true, label: t('version.remove') },
  ].filter(Boolean) as { key: VersionAction; icon: React.ReactNode; label: string; danger?: boolean }[];

  return (
    <div className="vdetails" data-testid="version-details" data-id={v.imageId}>
      <div className="vdetails__head">
        <h3 className="vdetails__title">
          <ModeIcon version={v} /> {node.label}
        </h3>
        {v.isCurrent && (
          <Tag color="green" icon={<CheckOutlined />} data-testid="version-current">
            {t('version.isCurrent')}
          </Tag>
        )}
        {v.starred && (
          <Tag color="gold" icon={<StarFilled />} data-testid="version-starred">
            {t('version.starred')}
          </Tag>
        )}
      </div>
      <Typography.Text type="secondary" className="vdetails__file" copyable={{ text: v.title }}>
        {v.title}
      </Typography.Text>
      <div className="vdetails__actions">
        {canEdit && (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={v.isCurrent}
            loading={busy === 'current'}
            onClick={() => onAction('current')}
            data-testid="version-make-current"
          >
            {v.isCurrent ? t('version.isCurrent') : t('version.makeCurrent')}
          </Button>
        )}
        {canEdit && (
          <Button
            icon={v.starred ? <StarFilled /> : <StarOutlined />}
            aria-pressed={v.starred}
            loading={busy === 'star'}
            onClick={() => onAction('star')}
            data-testid="version-star"
          >
            {v.starred ? t('version.unstar') : t('version.star')}
          </Button>
        )}
        {canEdit && (
          <Button icon={<SyncOutlined />} onClick={() => onAction('iterate')} data-testid="version-studio">
            {t('version.openInStudio')}
          </Button>
        )}
        {canCompare && (
          <Button icon={<DiffOutlined />} onClick={() => onAction('compare')} data-testid="version-compare">
            {t('version.compare')}
          </Button>
        )}
        <Button
          icon={<DownloadOutlined />}
          href={v.url}
          download={`${v.title}.${imageExt(v.url)}`}
          data-testid="version-download"
        >
          {t('version.download')}
        </Button>
        {more.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: more,
              onClick: ({ key }) => (key === 'remove' ? confirmRemove() : onAction(key as VersionAction)),
            }}
          >
            <Button icon={<MoreOutlined />} aria-label={t('version.more')} title={t('version.more')} />
          </Dropdown>
        )}
      </div>
      <Descriptions size="small" column={1} items={rows} className="vdetails__facts" />
    </div>
  );
}

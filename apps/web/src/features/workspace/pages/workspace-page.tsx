import { Tabs, Typography } from 'antd';
import { FolderOutlined, HistoryOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FolderPanel } from '../components/folder-panel.tsx';
import { TaskHistory } from '../components/task-history.tsx';
import './workspace-page.css';

/** The user's workspace: folders of generated images, and the history of generation tasks. */
export function WorkspacePage() {
  const { t } = useTranslation('workspace');
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'history' ? 'history' : 'folders';

  // The view and the folder live in the address, so a reload or a shared link keeps them.
  const update = (patch: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <section className="workspace">
      <header className="workspace__head">
        <Typography.Title level={1} style={{ fontSize: 'var(--ant-font-size-heading-2)' }}>
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      </header>
      <Tabs
        activeKey={view}
        onChange={(key) => update({ view: key === 'history' ? 'history' : null })}
        aria-label={t('tabs.label')}
        items={[
          {
            key: 'folders',
            icon: <FolderOutlined />,
            label: t('tabs.folders'),
            children: <FolderPanel folderId={search.get('folder')} onSelect={(id) => update({ folder: id })} />,
          },
          { key: 'history', icon: <HistoryOutlined />, label: t('tabs.history'), children: <TaskHistory /> },
        ]}
        destroyOnHidden
      />
    </section>
  );
}

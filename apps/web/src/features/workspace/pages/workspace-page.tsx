import type { ReactNode } from 'react';
import { Tabs, Typography } from 'antd';
import { FolderOutlined, HistoryOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FolderAction } from '../components/folder-list.tsx';
import { FolderPanel } from '../components/folder-panel.tsx';
import { TaskHistory } from '../components/task-history.tsx';
import './workspace-page.css';

interface Props {
  /** A tab beside the folders (the projects), composed in by the app: features do not import each other. */
  projects?: { label: ReactNode; icon: ReactNode; content: ReactNode };
  /** One more action on each folder's menu ("Turn into a project"). */
  folderAction?: FolderAction;
}

/** The user's workspace: folders of generated images, and the history of generation tasks. */
export function WorkspacePage({ projects, folderAction }: Props = {}) {
  const { t } = useTranslation('workspace');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('view');
  const view = asked === 'history' ? 'history' : asked === 'projects' && projects ? 'projects' : 'folders';

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
        onChange={(key) => update({ view: key === 'folders' ? null : key })}
        aria-label={t('tabs.label')}
        items={[
          {
            key: 'folders',
            icon: <FolderOutlined />,
            label: t('tabs.folders'),
            children: (
              <FolderPanel
                folderId={search.get('folder')}
                onSelect={(id) => update({ folder: id })}
                folderAction={folderAction}
              />
            ),
          },
          ...(projects
            ? [{ key: 'projects', icon: projects.icon, label: projects.label, children: projects.content }]
            : []),
          { key: 'history', icon: <HistoryOutlined />, label: t('tabs.history'), children: <TaskHistory /> },
        ]}
        destroyOnHidden
      />
    </section>
  );
}

import { useState } from 'react';
import { App, Button, Dropdown, Empty, Tabs } from 'antd';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  EditOutlined,
  FilePdfOutlined,
  MoreOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { BOARD_IMAGES_MAX, PROJECT_LIMITS, type ProjectDetail, type ProjectView } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useBoardExport } from '../../../shared/ui/board/board-export-context.ts';
import { useDeleteView } from '../api/delete-view.ts';
import { versionsQueryOptions } from '../api/list-versions.ts';
import { useUpdateView } from '../api/update-view.ts';
import type { Abilities } from '../lib/access.ts';
import { ViewNameModal } from './view-name-modal.tsx';
import { ViewPanel } from './view-panel.tsx';

interface Props {
  project: ProjectDetail;
  can: Abilities;
  /** The view in the address; the first when absent or gone. */
  viewId: string | null;
  onView(viewId: string | null): void;
}

/** The project's views as tabs; editors add, rename, reorder and delete them from beside the tabs. */
export function ViewTabs({ project, can, viewId, onView }: Props) {
  const { t } = useTranslation('project');
  const { modal } = App.useApp();
  const [naming, setNaming] = useState<'new' | ProjectView | null>(null);
  const update = useUpdateView(project.id);
  const remove = useDeleteView(project.id);
  const boards = useBoardExport();
  const client = useQueryClient();
  const views = project.views;
  const active = views.find((v) => v.id === viewId) ?? views[0];
  const at = active ? views.indexOf(active) : -1;

  // Views keep the order of their `sort`; moving one renumbers those whose place changed.
  const move = async (dir: -1 | 1) => {
    const order = [...views];
    const [view] = order.splice(at, 1);
    order.splice(at + dir, 0, view!);
    for (const [i, v] of order.entries()) if (v.sort !== i) await update.mutateAsync({ id: v.id, sort: i });
  };
  // A view's board: its picks (the current version and the starred ones), else all its results.
  const exportView = async (view: ProjectView) => {
    const { versions } = await client.fetchQuery(versionsQueryOptions(view.id));
    const picks = versions.filter((v) => v.starred || v.isCurrent);
    const shown = (picks.length ? picks : versions.filter((v) => v.kind === 'result')).slice(-BOARD_IMAGES_MAX);
    boards?.exportBoard({
      title: project.name,
      subtitle: view.name,
      images: shown.map((v) => ({ imageId: v.imageId, thumbUrl: v.thumbUrl, caption: v.title, group: view.name })),
    });
  };
  const confirmDelete = (view: ProjectView) =>
    modal.confirm({
      title: t('views.deleteTitle', { name: view.name }),
      content: t('views.deleteBody'),
      okText: t('views.delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => remove.mutateAsync(view.id).then(() => onView(null)),
    });

  const tools = can.edit && (
    <div className="vtabs__tools">
      {views.length < PROJECT_LIMITS.viewsPerProject && (
        <Button icon={<PlusOutlined />} onClick={() => setNaming('new')} data-testid="view-add">
          {t('views.add')}
        </Button>
      )}
      {active && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'rename', icon: <EditOutlined />, label: t('views.rename') },
              { key: 'left', icon: <ArrowLeftOutlined />, label: t('views.moveLeft'), disabled: at <= 0 },
              {
                key: 'right',
                icon: <ArrowRightOutlined />,
                label: t('views.moveRight'),
                disabled: at >= views.length - 1,
              },
              ...(boards
                ? [
                    {
                      key: 'board',
                      icon: <FilePdfOutlined />,
                      label: t('views.board'),
                      disabled: active.versionCount === 0,
                    },
                  ]
                : []),
              { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('views.delete') },
            ],
            onClick: ({ key }) => {
              if (key === 'rename') setNaming(active);
              else if (key === 'delete') confirmDelete(active);
              else if (key === 'board') void exportView(active);
              else void move(key === 'left' ? -1 : 1);
            },
          }}
        >
          <Button
            icon={<MoreOutlined />}
            aria-label={t('views.actions', { name: active.name })}
            title={t('views.actions', { name: active.name })}
            data-testid="view-actions"
          />
        </Dropdown>
      )}
    </div>
  );

  return (
    <>
      {views.length === 0 ? (
        <Empty description={can.edit ? t('views.emptyEditor') : t('views.empty')} data-testid="views-empty">
          {tools}
        </Empty>
      ) : (
        // The tools sit beside the tab bar, not in it: a tab list holds only tabs.
        <div className="vtabs-wrap">
          {tools}
          <Tabs
            className="vtabs"
            activeKey={active?.id}
            onChange={(key) => onView(key === views[0]?.id ? null : key)}
            aria-label={t('views.label')}
            destroyOnHidden
            items={views.map((view) => ({
              key: view.id,
              label: (
                <span data-testid="view-tab" data-name={view.name}>
                  {view.name} <span className="vtabs__count">{view.versionCount}</span>
                </span>
              ),
              children: <ViewPanel key={view.id} project={project} view={view} can={can} />,
            }))}
          />
        </div>
      )}
      <ViewNameModal
        projectId={project.id}
        target={naming}
        onClose={() => setNaming(null)}
        onCreated={(view) => onView(view.id)}
      />
    </>
  );
}

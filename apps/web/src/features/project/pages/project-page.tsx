import { useState } from 'react';
import { Alert, App, Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/http/api-error.ts';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useBoardExport } from '../../../shared/ui/board/board-export-context.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useDeleteProject } from '../api/delete-project.ts';
import { useProject } from '../api/get-project.ts';
import { useLeaveProject } from '../api/leave-project.ts';
import { useVersions } from '../api/list-versions.ts';
import { abilities } from '../lib/access.ts';
import { MembersDialog } from '../components/members-dialog.tsx';
import { ProjectFormModal } from '../components/project-form-modal.tsx';
import { ProjectHeader, type HeaderAction } from '../components/project-header.tsx';
import { ShareDialog } from '../components/review-share-dialog.tsx';
import { StyleEditor } from '../components/style-editor.tsx';
import { ViewTabs } from '../components/view-tabs.tsx';
import './project-page.css';

type Dialog = Exclude<HeaderAction, 'delete' | 'leave' | 'board'>;

/** The workspace's projects tab, where a deleted or left project sends the user back. */
const PROJECTS = `${PATHS.workspace}?view=projects`;

/** One project: its header, its views as tabs, each with its versions and version tree. */
export function ProjectPage() {
  const { t } = useTranslation('project');
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const project = useProject(id);
  const boards = useBoardExport();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const del = useDeleteProject();
  const leave = useLeaveProject();
  const viewId = search.get('view');
  const activeView = project.data?.views.find((v) => v.id === viewId) ?? project.data?.views[0];
  // The open view's versions are offered as the style's reference (they are cached by the view's tab).
  const versions = useVersions(dialog === 'style' ? (activeView?.id ?? null) : null);

  if (project.isPending) return <Skeleton active paragraph={{ rows: 10 }} className="project" />;
  if (project.isError || !project.data) {
    const missing = project.error instanceof ApiError && project.error.code === 'PROJECT_NOT_FOUND';
    return missing ? (
      <Result
        status="404"
        title={t('page.notFound')}
        subTitle={t('page.notFoundHint')}
        extra={
          <Button type="primary" onClick={() => void navigate(PROJECTS)}>
            {t('page.toProjects')}
          </Button>
        }
      />
    ) : (
      <Alert
        type="error"
        showIcon
        title={t('page.loadFailed')}
        action={
          <Button size="small" onClick={() => void project.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }

  const p = project.data;
  const can = abilities(p.access);
  const onView = (view: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (view) next.set('view', view);
        else next.delete('view');
        return next;
      },
      { replace: true },
    );

  const confirmLeave = () =>
    modal.confirm({
      title: t('leave.title', { name: p.name }),
      content: t('leave.body'),
      okText: t('header.leave'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        leave.mutateAsync(p.id).then(() => {
          toast.success(t('leave.done'));
          void navigate(PROJECTS);
        }),
    });
  const onAction = (action: HeaderAction) => {
    if (action === 'leave') return confirmLeave();
    if (action === 'delete')
      return modal.confirm({
        title: t('delete.title', { name: p.name }),
        content: t('delete.body'),
        okText: t('delete.ok'),
        okButtonProps: { danger: true, 'data-testid': 'project-delete-ok' },
        cancelText: t('cancel'),
        onOk: () =>
          del.mutateAsync(p.id).then(() => {
            toast.success(t('delete.done'));
            void navigate(PROJECTS);
          }),
      });
    if (action === 'board')
      // Each view's current version, under the view's name.
      return boards?.exportBoard({
        title: p.name,
        subtitle: p.note.split('\n')[0]?.slice(0, 120) || undefined,
        images: p.views.flatMap((v) =>
          v.current
            ? [{ imageId: v.current.imageId, thumbUrl: v.current.thumbUrl, caption: v.current.title, group: v.name }]
            : [],
        ),
      });
    setDialog(action);
  };

  return (
    <section className="project" data-testid="project-page">
      <ProjectHeader
        project={p}
        can={can}
        boards={Boolean(boards) && p.views.some((v) => v.current)}
        onAction={onAction}
      />
      <ViewTabs project={p} can={can} viewId={viewId} onView={onView} />
      <ProjectFormModal target={dialog === 'edit' ? p : null} onClose={() => setDialog(null)} />
      <StyleEditor
        open={dialog === 'style'}
        project={p}
        versions={versions.data?.versions ?? []}
        canEdit={can.edit}
        onClose={() => setDialog(null)}
      />
      <MembersDialog
        open={dialog === 'members'}
        project={p}
        can={can}
        onClose={() => setDialog(null)}
        onLeave={confirmLeave}
      />
      <ShareDialog projectId={p.id} projectName={p.name} open={dialog === 'share'} onClose={() => setDialog(null)} />
    </section>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import type { ProjectDetail, ProjectView } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../shared/routes/paths.ts';
import { chooseStudioProject } from '../../../shared/studio/studio-project.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { toastError } from '../../../shared/ui/toast-error.ts';
import { useVersions } from '../api/list-versions.ts';
import { useRemoveVersion } from '../api/remove-version.ts';
import { useSetCurrentVersion } from '../api/set-current-version.ts';
import { useStarVersion } from '../api/star-version.ts';
import { useUpdateProject } from '../api/update-project.ts';
import type { Abilities } from '../lib/access.ts';
import { openInStudio } from '../lib/open-in-studio.ts';
import { layoutVersionTree } from '../lib/version-tree.ts';
import { BaseImages } from './base-images.tsx';
import { CommentPanel } from './comment-panel.tsx';
import { VersionCompare } from './version-compare.tsx';
import { VersionDetails, type VersionAction } from './version-details.tsx';
import { VersionStage } from './version-stage.tsx';
import { VersionTree } from './version-tree.tsx';

interface Props {
  project: ProjectDetail;
  view: ProjectView;
  can: Abilities;
}

/**
 * One view: the selected version large with its facts and actions, the view's base images, and
 * its version tree. The current version is selected first.
 */
export function ViewPanel({ project, view, can }: Props) {
  const { t } = useTranslation('project');
  const navigate = useNavigate();
  const versions = useVersions(view.id);
  const list = useMemo(() => versions.data?.versions ?? [], [versions.data]);
  const tree = useMemo(() => layoutVersionTree(list), [list]);
  const [picked, setPicked] = useState<string | null>(null);
  const [comparing, setComparing] = useState<[string, string] | null>(null);
  const current = useSetCurrentVersion(project.id);
  const star = useStarVersion(project.id);
  const remove = useRemoveVersion(project.id);
  const cover = useUpdateProject();
  const where = { projectId: project.id, projectName: project.name, viewId: view.id, viewName: view.name };

  const selectedId =
    (picked && tree.byId.has(picked) ? picked : null) ??
    list.find((v) => v.isCurrent)?.imageId ??
    view.current?.imageId ??
    list.at(-1)?.imageId ??
    null;
  const node = selectedId ? tree.byId.get(selectedId) : undefined;
  const source = node?.parentId ? (tree.byId.get(node.parentId) ?? null) : null;

  const generateHere = () => {
    chooseStudioProject(where);
    void navigate(PATHS.textGenerate);
  };

  const busy: VersionAction | null = current.isPending ? 'current' : star.isPending ? 'star' : null;
  const act = (action: VersionAction) => {
    if (!node) return;
    const v = node.version;
    const ids = { viewId: view.id, imageId: v.imageId };
    switch (action) {
      case 'current':
        return current.mutate(ids);
      case 'star':
        return star.mutate({ ...ids, starred: !v.starred });
      case 'remove':
        return remove.mutate(ids, { onSuccess: () => setPicked(null) });
      case 'cover':
        return cover.mutate(
          { id: project.id, coverImageId: v.imageId },
          { onSuccess: () => toast.success(t('version.coverSet')), onError: toastError },
        );
      case 'iterate':
      case 'edit': {
        const link = openInStudio(v, where, action);
        return void navigate(link.path, { state: link.state });
      }
      case 'compare': {
        // Against its source when it has one, else against the current version, else the newest other.
        const other =
          source?.version.imageId ??
          list.find((x) => x.isCurrent && x.imageId !== v.imageId)?.imageId ??
          [...list].reverse().find((x) => x.imageId !== v.imageId)?.imageId;
        if (other) setComparing([other, v.imageId]);
      }
    }
  };

  if (versions.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (versions.isError && !versions.data)
    return (
      <Alert
        type="error"
        showIcon
        title={t('view.loadFailed')}
        action={
          <Button size="small" onClick={() => void versions.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );

  const generate = can.edit && (
    <Button icon={<FontSizeOutlined />} onClick={generateHere} data-testid="view-generate">
      {t('view.generate')}
    </Button>
  );

  return (
    <div className="vpanel" data-testid="view-panel" data-view={view.id}>
      {node ? (
        <div className="vpanel__top">
          <CommentPanel
            projectId={project.id}
            imageId={node.version.imageId}
            access={project.access}
            stage={(pins) => (
              <VersionStage version={node.version} label={node.label}>
                {pins}
              </VersionStage>
            )}
          />
          <VersionDetails
            node={node}
            source={source}
            canEdit={can.edit}
            canCompare={list.length > 1}
            busy={busy}
            onAction={act}
            onSelect={setPicked}
          />
        </div>
      ) : (
        <Empty description={can.edit ? t('view.emptyEditor') : t('view.empty')} data-testid="view-empty">
          {generate}
        </Empty>
      )}
      <BaseImages
        projectId={project.id}
        view={view}
        bases={tree.nodes.filter((n) => n.version.kind === 'base')}
        selectedId={selectedId}
        canEdit={can.edit}
        onSelect={setPicked}
        extra={node ? generate : null}
      />
      {list.length > 0 && (
        <section className="vpanel__tree" aria-labelledby={`tree-${view.id}`}>
          <h2 id={`tree-${view.id}`} className="vpanel__heading">
            {t('tree.title', { count: list.length })}
          </h2>
          <p className="vpanel__hint">{t('tree.hint')}</p>
          <VersionTree
            versions={list}
            selectedId={selectedId}
            onSelect={setPicked}
            label={t('tree.label', { name: view.name })}
          />
        </section>
      )}
      <VersionCompare
        key={comparing?.join(':') ?? 'closed'}
        open={Boolean(comparing)}
        versions={list}
        pair={comparing}
        onClose={() => setComparing(null)}
      />
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Button, Popover, Select, Switch, Tag } from 'antd';
import { BgColorsOutlined, DownOutlined, ProjectOutlined } from '@ant-design/icons';
import type { ProjectDetail } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/http/api-error.ts';
import { projectPath } from '../../../shared/routes/paths.ts';
import {
  chooseStudioProject,
  setStudioStyleOff,
  useStudioProject,
  type StudioProject,
} from '../../../shared/studio/studio-project.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useProject } from '../api/get-project.ts';
import { useProjects } from '../api/list-projects.ts';
import { abilities } from '../lib/access.ts';
import { ProjectFormModal } from './project-form-modal.tsx';
import './studio-project-picker.css';

const NONE = '';
const NEW = 'new';
const LIST = { sort: 'updated', whose: 'all' } as const;

/** Works in a project's view (its first when none is named or the named one is gone). */
function choose(p: ProjectDetail, viewId?: string) {
  const view = p.views.find((v) => v.id === viewId) ?? p.views[0];
  if (!view) return;
  chooseStudioProject({ projectId: p.id, projectName: p.name, viewId: view.id, viewName: view.name });
}

/**
 * Keeps the studio's choice true to the project: a project the user can no longer edit (deleted,
 * left, their role lowered) or a view that is gone is let go with a word, and renamed ones are
 * relabelled.
 */
function useCheckedChoice(chosen: StudioProject | null) {
  const { t } = useTranslation('project');
  const detail = useProject(chosen?.projectId ?? null);
  const project = detail.data;
  useEffect(() => {
    if (!chosen) return;
    const gone = detail.error instanceof ApiError && detail.error.code === 'PROJECT_NOT_FOUND';
    if (gone || (project && !abilities(project.access).edit)) {
      chooseStudioProject(null);
      toast.warning(t('picker.lost', { name: chosen.projectName }));
      return;
    }
    if (!project) return;
    const view = project.views.find((v) => v.id === chosen.viewId) ?? project.views[0];
    if (!view) return chooseStudioProject(null);
    if (view.id !== chosen.viewId || view.name !== chosen.viewName || project.name !== chosen.projectName)
      chooseStudioProject({ projectId: project.id, projectName: project.name, viewId: view.id, viewName: view.name });
  }, [chosen, project, detail.error, t]);
  return project;
}

/**
 * The studio header's "Project · View" picker: what the studio makes joins the chosen view. "No
 * project" works as before; "New project…" starts one. When the project has a style and it is on,
 * a chip says so, with a switch that turns it off for the tasks submitted now.
 */
export function StudioProjectPicker() {
  const { t } = useTranslation('project');
  const chosen = useStudioProject();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [browsing, setBrowsing] = useState<string | null>(null);
  const project = useCheckedChoice(chosen);
  const projects = useProjects(LIST, open);
  const browsed = useProject(open && browsing ? browsing : null);

  const editable = (projects.data?.pages.flatMap((p) => p.items) ?? []).filter((p) => abilities(p.access).edit);
  // Views of the project being browsed: the first is chosen as soon as they are known.
  useEffect(() => {
    const p = browsed.data;
    if (p && browsing === p.id && chosen?.projectId !== p.id) choose(p);
  }, [browsed.data, browsing, chosen?.projectId]);

  const onProject = (value: string) => {
    if (value === NEW) return setCreating(true);
    if (value === NONE) {
      chooseStudioProject(null);
      setBrowsing(null);
      return;
    }
    setBrowsing(value);
  };

  const label = chosen ? `${chosen.projectName} · ${chosen.viewName}` : t('picker.none');
  const views = browsed.data?.views ?? [];
  const content = (
    <div className="studio-project__panel" data-testid="studio-project-panel">
      <label className="studio-project__field">
        <span>{t('picker.project')}</span>
        <Select
          value={browsing ?? NONE}
          onChange={onProject}
          showSearch
          optionFilterProp="label"
          loading={projects.isFetching}
          onPopupScroll={(e) => {
            const el = e.currentTarget;
            if (
              el.scrollTop + el.clientHeight > el.scrollHeight - 40 &&
              projects.hasNextPage &&
              !projects.isFetchingNextPage
            )
              void projects.fetchNextPage();
          }}
          options={[
            { value: NONE, label: t('picker.none') },
            // The chosen project stays named while the list loads (or when it is further down).
            ...(chosen && !editable.some((p) => p.id === chosen.projectId)
              ? [{ value: chosen.projectId, label: chosen.projectName }]
              : []),
            ...editable.map((p) => ({ value: p.id, label: p.name })),
            { value: NEW, label: t('picker.new') },
          ]}
          data-testid="studio-project-select"
        />
      </label>
      {browsing && (
        <label className="studio-project__field">
          <span>{t('picker.view')}</span>
          <Select
            value={chosen?.projectId === browsing ? chosen.viewId : undefined}
            onChange={(viewId) => browsed.data && choose(browsed.data, viewId)}
            loading={browsed.isPending}
            placeholder={browsed.data && views.length === 0 ? t('picker.noViews') : undefined}
            options={views.map((v) => ({ value: v.id, label: v.name }))}
            data-testid="studio-view-select"
          />
        </label>
      )}
      {chosen && (
        <Link to={projectPath(chosen.projectId)} onClick={() => setOpen(false)}>
          {t('picker.openProject')}
        </Link>
      )}
    </div>
  );

  const styled = Boolean(chosen && project?.styleOn && project.style);
  return (
    <span className="studio-project">
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setBrowsing(chosen?.projectId ?? null);
        }}
        trigger="click"
        content={content}
        title={t('picker.title')}
        placement="bottomLeft"
      >
        <Button
          icon={<ProjectOutlined />}
          aria-label={t('picker.label', { value: label })}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="studio-project"
        >
          <span className="studio-project__value">{label}</span>
          <DownOutlined aria-hidden className="studio-project__caret" />
        </Button>
      </Popover>
      {styled && chosen && (
        <span className="studio-project__style" data-testid="studio-project-style">
          <Tag icon={<BgColorsOutlined />} color={chosen.styleOff ? undefined : 'green'}>
            {chosen.styleOff ? t('picker.styleOff') : t('picker.styleOn')}
          </Tag>
          <Switch
            size="small"
            checked={!chosen.styleOff}
            onChange={(on) => setStudioStyleOff(!on)}
            aria-label={t('picker.styleSwitch')}
            data-testid="studio-project-style-switch"
          />
        </span>
      )}
      <ProjectFormModal
        target={creating ? 'new' : null}
        onClose={() => setCreating(false)}
        onCreated={(p) => {
          setBrowsing(p.id);
          choose(p);
        }}
      />
    </span>
  );
}

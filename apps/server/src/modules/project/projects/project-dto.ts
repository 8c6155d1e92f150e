import type {
  ProjectAccess,
  ProjectDetail,
  ProjectSummary,
  ProjectVersion,
  ProjectView,
  TaskMode,
  TaskParams,
} from '@turing/contract';
import type { ProjectRow, ProjectVersionRow, ProjectViewRow } from '../../../db/schema/index.ts';
import { resultSeed } from '../../../generation/index.ts';
import { thumbSources } from '../../upload/index.ts';
import { versionTitle } from './project-rules.ts';

/** A browser address of a stored image (signed, for private ones). */
export type ImageUrl = (key: string) => string;

export interface PersonRow {
  id: string;
  nickname: string;
  avatarKey: string | null;
}

export const personOf = (row: PersonRow) => ({
  id: row.id,
  nickname: row.nickname,
  avatarUrl: row.avatarKey ? `/files/${row.avatarKey}` : null,
});

/** A project as its lists read it: with the caller's access, its owner, its counts and its cover. */
export interface SummaryRow {
  project: ProjectRow;
  access: ProjectAccess;
  owner: PersonRow;
  viewCount: number;
  versionCount: number;
  memberCount: number;
  unreadComments: number;
  coverKey: string | null;
  coverThumbKey: string | null;
}

export const summaryOf = (row: SummaryRow, url: ImageUrl): ProjectSummary => ({
  id: row.project.id,
  name: row.project.name,
  note: row.project.note,
  access: row.access,
  owner: personOf(row.owner),
  coverUrl: row.coverKey ? url(row.coverThumbKey ?? row.coverKey) : null,
  viewCount: Number(row.viewCount),
  versionCount: Number(row.versionCount),
  memberCount: Number(row.memberCount),
  unreadComments: Number(row.unreadComments),
  createdAt: row.project.createdAt.toISOString(),
  updatedAt: row.project.updatedAt.toISOString(),
});

/** A version with its image, the task that made it, its place in the view and who added it. */
export interface VersionRow {
  version: ProjectVersionRow;
  projectName: string;
  viewName: string;
  image: { key: string; thumbKey: string | null; width: number; height: number };
  task: { engine: string; mode: string; params: TaskParams; prompt: string } | null;
  /** Its place among its task's results (the seed follows it). */
  resultIndex: number | null;
  /** Its place in the view by creation order, from 1. */
  number: number;
  adder: PersonRow | null;
}

/** The task's parameters as a version shows them: the maker's own folder is theirs alone. */
const shownParams = (params: TaskParams) => {
  const { folderId: _folder, ...rest } = params;
  return rest;
};

export function versionOf(row: VersionRow, url: ImageUrl, currentImageId: string | null): ProjectVersion {
  const { version, image, task } = row;
  const mode = (task?.mode ?? null) as TaskMode | null;
  return {
    id: version.id,
    viewId: version.viewId,
    imageId: version.imageId,
    kind: version.kind,
    url: url(image.key),
    thumbUrl: url(image.thumbKey ?? image.key),
    thumbs: thumbSources(image, url),
    width: image.width,
    height: image.height,
    taskId: version.taskId,
    parentImageId: version.parentImageId,
    mode,
    model: task?.params.model ?? null,
    prompt: task?.prompt ?? null,
    params: task ? shownParams(task.params) : null,
    seed: task && row.resultIndex !== null ? resultSeed(task.engine, task.params, Number(row.resultIndex)) : null,
    title: versionTitle(row.projectName, row.viewName, Number(row.number), task ? task.params : null),
    starred: version.starred,
    isCurrent: version.imageId === currentImageId,
    addedBy: row.adder?.id ? personOf(row.adder) : null,
    createdAt: version.createdAt.toISOString(),
  };
}

/** A view with its current version (null when it holds none) and its counts. */
export interface ViewRow {
  view: ProjectViewRow;
  versionCount: number;
  starredCount: number;
}

export const viewOf = (row: ViewRow, current: VersionRow | null, url: ImageUrl): ProjectView => ({
  id: row.view.id,
  name: row.view.name,
  sort: row.view.sort,
  current: current ? versionOf(current, url, current.version.imageId) : null,
  versionCount: Number(row.versionCount),
  starredCount: Number(row.starredCount),
});

export const detailOf = (
  summary: SummaryRow,
  views: { row: ViewRow; current: VersionRow | null }[],
  url: ImageUrl,
  styleReferenceUrl: string | null,
): ProjectDetail => ({
  ...summaryOf(summary, url),
  style: summary.project.style ?? null,
  styleReferenceUrl,
  styleOn: summary.project.styleOn,
  views: views.map((v) => viewOf(v.row, v.current, url)),
});

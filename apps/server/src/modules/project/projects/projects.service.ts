import { randomInt } from 'node:crypto';
import {
  decodeCursor,
  encodeCursor,
  PROJECT_LIMITS,
  type Locale,
  type Page,
  type ProjectAccess,
  type ProjectDetail,
  type ProjectStyle,
  type ProjectSummary,
  type TaskMode,
} from '@turing/contract';
import type { UploadRow } from '../../../db/schema/index.ts';
import type { Scoped, Transactor } from '../../../db/scoped.ts';
import { AppError } from '../../../shared/app-error.ts';
import { assertAccess } from '../project-access.ts';
import { detailOf, summaryOf, type ImageUrl } from './project-dto.ts';
import { ACCESS_NEEDED, FIRST_VIEW } from './project-rules.ts';
import type { ListAfter, ProjectsRepository } from './projects.repository.ts';
import type { VersionsRepository } from './versions.repository.ts';

/** The caps every count is held to (the contract's; smaller in tests). */
export interface ProjectCaps {
  projects: number;
  views: number;
  versions: number;
  members: number;
}
export const PROJECT_CAPS: ProjectCaps = {
  projects: PROJECT_LIMITS.projectsPerUser,
  views: PROJECT_LIMITS.viewsPerProject,
  versions: PROJECT_LIMITS.versionsPerView,
  members: PROJECT_LIMITS.membersPerProject,
};

/** What the project, view and member services are built from. */
export interface ProjectsDeps {
  projects: Scoped<ProjectsRepository>;
  versions: Scoped<VersionsRepository>;
  transaction: Transactor;
  /** The caller's access to a project, read at every call (a removed member's next call finds nothing). */
  access(projectId: string, userId: string): Promise<ProjectAccess | null>;
  /** The user's own image (an upload or a result, never an avatar or a support screenshot), or null. */
  ownImage(imageId: string, userId: string): Promise<UploadRow | null>;
  url: ImageUrl;
  caps?: ProjectCaps;
}

export interface ListQuery {
  cursor?: string;
  limit: number;
  q?: string;
  mode?: TaskMode;
  model?: string;
  type?: string;
  from?: string;
  to?: string;
  sort: 'updated' | 'created' | 'name';
  whose: 'all' | 'own' | 'shared';
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const invalidCursor = () => new AppError('CURSOR_INVALID', { details: [{ field: 'cursor', code: 'CURSOR_INVALID' }] });

/**
 * The name order's sort key as a cursor carries it: the lower-cased name in URL-safe base64 (a
 * cursor is ASCII), after a marker no time starts with.
 */
const NAME_KEY = 'n:';
const nameKey = (lowerName: string) => `${NAME_KEY}${Buffer.from(lowerName, 'utf8').toString('base64url')}`;
function nameOf(key: string): string | null {
  const code = key.slice(NAME_KEY.length);
  if (!key.startsWith(NAME_KEY) || !/^[\w-]+$/.test(code)) return null;
  const name = Buffer.from(code, 'base64url').toString('utf8');
  // Only what nameKey makes: bytes that are not UTF-8 (or a NUL, which no text column holds) are refused.
  return nameKey(name) === key && !name.includes('\0') ? name : null;
}

/** Where the page after `cursor` starts; a cursor of another order (or not this API's) is refused. */
function afterOf(query: ListQuery): ListAfter | undefined {
  if (!query.cursor) return undefined;
  const at = decodeCursor(query.cursor);
  if (!at) throw invalidCursor();
  if (query.sort === 'name') {
    const name = nameOf(at.sort);
    if (name === null) throw invalidCursor();
    return { sort: 'name', name, id: at.id };
  }
  if (!TIMESTAMP.test(at.sort) || Number.isNaN(Date.parse(`${at.sort.slice(0, 23)}Z`))) throw invalidCursor();
  return { sort: query.sort, at: at.sort, id: at.id };
}

/** Projects: their lists, their details, making, changing and deleting them, and their style. */
export function createProjectsService(deps: ProjectsDeps) {
  const caps = deps.caps ?? PROJECT_CAPS;
  const { url, transaction } = deps;
  const repo = deps.projects.pool;

  const need = async (projectId: string, userId: string, op: keyof typeof ACCESS_NEEDED) =>
    assertAccess(await deps.access(projectId, userId), ACCESS_NEEDED[op]);

  async function detail(userId: string, id: string): Promise<ProjectDetail> {
    let summary = await repo.summary(userId, id);
    if (!summary) throw new AppError('PROJECT_NOT_FOUND');
    const referenceId = summary.project.style?.referenceImageId;
    const [views, currents, reference] = await Promise.all([
      deps.versions.pool.views(id),
      deps.versions.pool.currents({ projectId: id }),
      referenceId ? repo.imageKeys(referenceId) : null,
    ]);
    const style = summary.project.style;
    // A reference whose image is gone (deleted with its owner's account) is taken out of the style,
    // which applies without it, so no one is shown an image that is not there.
    if (referenceId && style && !reference) {
      await repo.dropStyleReference(id, referenceId);
      summary = { ...summary, project: { ...summary.project, style: { ...style, referenceImageId: null } } };
    }
    return detailOf(
      summary,
      views.map((row) => ({ row, current: currents.get(row.view.id) ?? null })),
      url,
      reference ? url(reference.thumbKey ?? reference.key) : null,
    );
  }

  /** Makes a project with its views (and what `fill` puts in them) in one transaction, within the owner's cap. */
  async function make(
    userId: string,
    values: { name: string; note: string },
    views: string[],
    fill?: (versions: VersionsRepository, viewIds: string[]) => Promise<void>,
  ) {
    return transaction(async (tx) => {
      const id = await deps.projects.in(tx).insertUnderCap(userId, values, caps.projects);
      if (!id) throw new AppError('PROJECT_LIMIT', { params: { max: caps.projects } });
      const viewIds: string[] = [];
      for (const name of views) {
        const viewId = await deps.versions.in(tx).insertViewUnderCap(id, name, caps.views);
        if (!viewId) throw new AppError('VIEW_LIMIT', { params: { max: caps.views } });
        viewIds.push(viewId);
      }
      await fill?.(deps.versions.in(tx), viewIds);
      return id;
    });
  }

  return {
    detail,

    async list(userId: string, query: ListQuery): Promise<Page<ProjectSummary>> {
      const rows = await repo.list(userId, { ...query, after: afterOf(query) });
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      return {
        items: items.map((row) => summaryOf(row, url)),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ sort: query.sort === 'name' ? nameKey(last.sortKey) : last.sortKey, id: last.project.id })
            : null,
      };
    },

    async get(userId: string, id: string) {
      await need(id, userId, 'project');
      return detail(userId, id);
    },

    /** A project asked for without views gets one ("View 1", in the caller's language) to work in at once. */
    async create(userId: string, body: { name: string; note: string; views: string[] }, locale: Locale) {
      const views = body.views.length ? body.views : [FIRST_VIEW[locale]];
      return detail(userId, await make(userId, { name: body.name, note: body.note }, views));
    },

    /** A folder of the caller's becomes a project with one view holding its images (the folder stays). */
    async fromFolder(userId: string, body: { folderId: string; name?: string; viewName: string }) {
      const folder = await repo.folderOf(userId, body.folderId);
      if (!folder) throw new AppError('FOLDER_NOT_FOUND');
      const id = await make(
        userId,
        { name: body.name ?? folder.name, note: '' },
        [body.viewName],
        (versions, [viewId]) => versions.insertFolderImages(viewId!, folder.id, userId, caps.versions),
      );
      return detail(userId, id);
    },

    async update(userId: string, body: { id: string; name?: string; note?: string; coverImageId?: string | null }) {
      await need(body.id, userId, 'projectUpdate');
      const { id, ...patch } = body;
      // The cover is one of the project's own images, so no member is shown another user's image through it.
      if (patch.coverImageId && !(await repo.holdsImage(id, patch.coverImageId))) throw new AppError('IMAGE_NOT_FOUND');
      await repo.update(id, patch);
      return detail(userId, id);
    },

    /** The owner deletes the project, and its members' drafts in it; its images stay in their folders. */
    async remove(userId: string, id: string) {
      await need(id, userId, 'projectDelete');
      await repo.remove(id);
      return { ok: true as const };
    },

    /**
     * Sets the style. Its reference is an image of the project or one of the caller's own (which the
     * project's editors may then generate with); a fixed seed policy without a seed gets one now, so
     * every view is made with the same.
     */
    async setStyle(userId: string, body: { projectId: string; style: ProjectStyle | null; styleOn: boolean }) {
      const { projectId } = body;
      await need(projectId, userId, 'styleSet');
      let style = body.style;
      const ref = style?.referenceImageId;
      if (ref && !(await deps.ownImage(ref, userId)) && !(await deps.versions.pool.imagesOf(projectId, [ref])).length)
        throw new AppError('IMAGE_NOT_FOUND');
      if (style?.seedPolicy === 'fixed' && style.seed === null) style = { ...style, seed: randomInt(0, 2 ** 31) };
      await repo.setStyle(projectId, style, body.styleOn);
      return detail(userId, projectId);
    },
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;

import type { ProjectDetail, ProjectSummary, ProjectVersion, ProjectView } from '@turing/contract';

export const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();

/** A version of view 1: `n` its number, `parent` the number it was made from. */
export function version(n: number, patch: Partial<ProjectVersion> & { parent?: number } = {}): ProjectVersion {
  const { parent, ...rest } = patch;
  return {
    id: uid(1000 + n),
    viewId: uid(100),
    imageId: uid(n),
    kind: 'result',
    url: `/files/v${n}.png`,
    thumbUrl: `/files/v${n}-thumb.webp`,
    width: 800,
    height: 600,
    taskId: uid(500 + n),
    parentImageId: parent ? uid(parent) : null,
    mode: 'iterate',
    model: 'architecture',
    prompt: `Pavilion ${n}`,
    params: { mode: 'iterate', model: 'architecture', prompt: `Pavilion ${n}`, quality: 'SD' },
    seed: 100 + n,
    title: `lake-pavilion-street-v${n}`,
    starred: false,
    isCurrent: false,
    addedBy: { id: uid(900), nickname: 'Ada', avatarUrl: null },
    createdAt: at(n),
    ...rest,
  };
}

export const base = (n: number) =>
  version(n, { kind: 'base', taskId: null, mode: null, model: null, prompt: null, params: null, seed: null });

export function summary(n: number, patch: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: uid(200 + n),
    name: `Project ${n}`,
    note: '',
    access: 'owner',
    owner: { id: uid(900), nickname: 'Ada', avatarUrl: null },
    coverUrl: null,
    viewCount: 2,
    versionCount: 3,
    memberCount: 0,
    unreadComments: 0,
    createdAt: at(0),
    updatedAt: at(30),
    ...patch,
  };
}

export function view(n: number, patch: Partial<ProjectView> = {}): ProjectView {
  return {
    id: uid(100 + n - 1),
    name: `View ${n}`,
    sort: n - 1,
    current: null,
    versionCount: 0,
    starredCount: 0,
    ...patch,
  };
}

export function detail(patch: Partial<ProjectDetail> = {}): ProjectDetail {
  return { ...summary(1), style: null, styleOn: true, views: [view(1), view(2)], ...patch };
}

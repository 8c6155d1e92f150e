import type { ProjectDetail, ProjectSummary } from '@turing/contract';
import { appHeaders, type TestApp } from './test-app.ts';
import { multipart, png } from './upload-helpers.ts';

type Locale = 'en' | 'zh';
export interface Envelope<T = unknown> {
  status: number;
  msg: string;
  code?: string;
  data: T;
}

/** One project call through the API; resolves to the envelope (and the HTTP status as `http`). */
async function projectCall<T = unknown>(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  locale: Locale = 'en',
): Promise<Envelope<T> & { http: number }> {
  const res = await t.app.inject({
    method,
    url: `/turing/project${url}`,
    headers: { ...appHeaders(locale), cookie },
    payload,
  });
  return { ...(res.json() as Envelope<T>), http: res.statusCode };
}

export const projectGet = <T = unknown>(t: Pick<TestApp, 'app'>, cookie: string, url: string, locale: Locale = 'en') =>
  projectCall<T>(t, cookie, 'GET', url, undefined, locale);
export const projectPost = <T = unknown>(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  url: string,
  payload: object,
  locale: Locale = 'en',
) => projectCall<T>(t, cookie, 'POST', url, payload, locale);

/** A page of the caller's project list (`query` without its `?`). */
export const listProjects = (t: Pick<TestApp, 'app'>, cookie: string, query = '') =>
  projectGet<{ items: ProjectSummary[]; nextCursor: string | null }>(t, cookie, `/list${query ? `?${query}` : ''}`);

/** Adds one of the caller's images to a view as a base image. */
export const addVersion = (t: Pick<TestApp, 'app'>, cookie: string, viewId: string, imageId: string) =>
  projectPost(t, cookie, '/version/add', { viewId, imageId, kind: 'base' });

/** Makes a project with views through the API; throws unless it was made. */
export async function makeProject(t: Pick<TestApp, 'app'>, cookie: string, name = 'Harbour villa', views = ['Street']) {
  const res = await projectPost<ProjectDetail>(t, cookie, '/create', { name, views });
  if (res.status !== 200) throw new Error(`project create failed: ${JSON.stringify(res)}`);
  return res.data;
}

/** Adds a member by username or e-mail; throws unless they were added. */
export async function addMember(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  projectId: string,
  who: string,
  role: 'viewer' | 'commenter' | 'editor',
) {
  const res = await projectPost(t, cookie, '/member/add', { projectId, who, role });
  if (res.status !== 200) throw new Error(`member add failed: ${JSON.stringify(res)}`);
  return res.data;
}

let pictures = 0;
/** Uploads a picture of its own colour (identical content would be stored once); resolves to its id. */
export async function uploadPicture(t: Pick<TestApp, 'app'>, cookie: string, kind = 'base') {
  pictures += 1;
  const colour = `#${(0x203040 + pictures * 0x030507).toString(16).slice(-6).padStart(6, '0')}`;
  const { body, contentType } = multipart(await png(64, 48, colour), `${kind}.png`);
  const res = await t.app.inject({
    method: 'POST',
    url: `/turing/upload/image?kind=${kind}`,
    headers: { ...appHeaders(), cookie, 'content-type': contentType },
    payload: body,
  });
  if (res.json().status !== 200) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { data: { id: string } }).data.id;
}

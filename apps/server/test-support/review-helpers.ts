import { eq } from 'drizzle-orm';
import { projectMembers, projects, projectVersions, projectViews } from '../src/db/schema/index.ts';
import type { ProjectRole } from '@turing/contract';
import { appHeaders, seedUser, type TestApp } from './test-app.ts';
import { png, upload } from './upload-helpers.ts';

type Locale = 'en' | 'zh';
/** An answer's envelope; its data is whatever the route answered, read as JSON (tests look into it freely). */
export type Envelope = { status: number; msg: string; data: ReturnType<typeof JSON.parse>; code?: string };

/** One call through the API; resolves to the HTTP status, the envelope and the raw answer. */
export async function api(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  opts: { cookie?: string; body?: object; locale?: Locale; ip?: string; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({
    method,
    url: `/turing${url}`,
    headers: { ...appHeaders(opts.locale), ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    payload: opts.body,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  return { http: res.statusCode, body: res.json() as Envelope, res };
}

let shade = 0;
/** An uploaded image of `cookie`'s user, different from every other one this run. */
async function uploadedImage(t: TestApp, cookie: string): Promise<string> {
  shade += 1;
  const colour = `#${(0x203040 + shade * 0x010305).toString(16).slice(-6)}`;
  const res = await upload(t, cookie, await png(40 + (shade % 20), 30, colour), `image-${shade}.png`, 'base');
  const id = (res.json() as Envelope).data?.id as string | undefined;
  if (!id) throw new Error(`upload failed: ${res.body}`);
  return id;
}

interface SeededView {
  id: string;
  name: string;
  /** Its images, oldest first, as added. */
  images: { id: string; kind: 'base' | 'result' }[];
}

/**
 * A project of `owner` written straight to the database (the projects' own routes are tested with
 * them): views with uploaded images as versions, oldest first, each a base image or a result.
 */
export async function seedProject(
  t: TestApp,
  owner: { cookie: string; id: string },
  spec: { name?: string; views: { name: string; kinds: ('base' | 'result')[] }[] },
) {
  const { db } = t.database;
  const [project] = await db
    .insert(projects)
    .values({ ownerId: owner.id, name: spec.name ?? 'Canal library' })
    .returning();
  const views: SeededView[] = [];
  for (const [sort, v] of spec.views.entries()) {
    const [view] = await db.insert(projectViews).values({ projectId: project!.id, name: v.name, sort }).returning();
    const images: SeededView['images'] = [];
    for (const [i, kind] of v.kinds.entries()) {
      const imageId = await uploadedImage(t, owner.cookie);
      await db.insert(projectVersions).values({
        projectId: project!.id,
        viewId: view!.id,
        imageId,
        kind,
        addedBy: owner.id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 12, i)),
      });
      images.push({ id: imageId, kind });
    }
    views.push({ id: view!.id, name: v.name, images });
  }
  return { id: project!.id, name: project!.name, views };
}

/** Chooses a view's current version, as the projects' route does. */
export async function setCurrent(t: TestApp, viewId: string, imageId: string) {
  await t.database.db.update(projectViews).set({ currentImageId: imageId }).where(eq(projectViews.id, viewId));
}

let people = 0;
/** A user with a live session, an id and an e-mail address (written straight to the database). */
export async function person(t: TestApp) {
  people += 1;
  const email = `reviewer${Date.now().toString(36)}${people}@example.com`;
  const { user, cookie } = await seedUser(t, { email, nickname: `Reviewer ${people}` });
  return { cookie, id: user.id, email, nickname: user.nickname };
}

export async function addMember(t: TestApp, projectId: string, userId: string, role: ProjectRole) {
  await t.database.db.insert(projectMembers).values({ projectId, userId, role });
}

/** Makes a review link as the owner; resolves to its token and its entry. */
export async function makeLink(
  t: TestApp,
  cookie: string,
  body: { projectId: string; label?: string; expiresInDays?: number | null; password?: string },
) {
  const made = await api(t, 'POST', '/project/review-link/create', { cookie, body });
  if (made.body.status !== 200) throw new Error(`review link failed: ${JSON.stringify(made.body)}`);
  return made.body.data as { token: string; link: { id: string } };
}

/** A guest's call through a review link (no cookie). */
export const guest = (
  t: TestApp,
  route: 'open' | 'comment',
  body: object,
  opts: { ip?: string; locale?: Locale; cookie?: string } = {},
) => api(t, 'POST', `/review/${route}`, { body, ...opts });

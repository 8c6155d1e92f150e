import type { TaskParams } from '@turing/contract';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { banners, follows, tasks, users, workCollections, workLikes, works } from '../../db/schema/index.ts';
import { previewEngine, renderPreviewImage, type EngineTask, type GenerationSettings } from '../../generation/index.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import type { GeneratedImages } from '../upload/index.ts';
import { DEMO_BANNERS, DEMO_CREATORS, DEMO_WORKS, type DemoWork } from './seed.data.ts';

export interface DemoSeedDeps {
  database: Database;
  storage: ObjectStorage;
  images: GeneratedImages;
  settings: Pick<GenerationSettings, 'pixels'>;
  log: FastifyBaseLogger;
}

/** Any fixed number: two nodes starting at once seed one community, not two. */
const SEED_LOCK = 7_261_842_009;
const HOUR_MS = 3_600_000;

function engineTask(
  work: Pick<DemoWork, 'type' | 'style' | 'material' | 'func'>,
  size: { width: number; height: number },
  seed: number,
  base?: Buffer,
): EngineTask {
  return {
    id: randomUUID(),
    attempt: 1,
    mode: base ? 'iterate' : 'text',
    type: work.type,
    model: 'architecture',
    prompt: '',
    negativePrompt: '',
    ...size,
    count: 1,
    quality: 'SD',
    seed,
    imageWeight: 0.5,
    textWeight: 0.7,
    controlStrength: 0.6,
    tags: { style: [work.style], material: [work.material], function: [work.func] },
    images: base ? { base } : {},
  };
}

async function avatarPng(name: string, colour: string) {
  const initial = [...name][0]!.replace(/[<>&]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="${colour}"/>
    <text x="80" y="104" font-size="76" font-family="sans-serif" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Whether this database already had its first start (demo content or not). */
async function alreadySeeded(db: Db) {
  const [creator] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_CREATORS.map((c) => c.username),
      ),
    )
    .limit(1);
  const [banner] = await db.select({ id: banners.id }).from(banners).limit(1);
  return Boolean(creator || banner);
}

/**
 * Fills a fresh install's community once: demo creators, works with their tags, likes,
 * collections, follows, counters that match those rows, and banners. A database that already
 * has demo creators or banners is left alone, so deleting the demo content keeps it deleted.
 */
export async function seedDemoContent(deps: DemoSeedDeps) {
  const started = Date.now();
  if (await alreadySeeded(deps.database.db)) return false;
  const seeded = await deps.database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await alreadySeeded(tx)) return false;

    const creatorIds: string[] = [];
    for (const [i, c] of DEMO_CREATORS.entries()) {
      const avatarKey = await deps.storage.put(
        `avatar/demo/${randomUUID()}.png`,
        await avatarPng(c.nickname, c.colour),
        {
          contentType: 'image/png',
          visibility: 'public',
        },
      );
      const [row] = await tx
        .insert(users)
        .values({
          username: c.username,
          nickname: c.nickname,
          signature: c.signature,
          occupation: c.occupation,
          avatarKey,
          inviteCode: `DEMO${String(i + 1).padStart(2, '0')}${randomUUID().slice(0, 6).toUpperCase()}`,
          // Joined weeks before their first work, as their home pages say.
          createdAt: new Date(started - (DEMO_WORKS.length * 11 + (DEMO_CREATORS.length - i) * 7 * 24) * HOUR_MS),
        })
        .returning({ id: users.id });
      creatorIds.push(row!.id);
    }

    // Drawn two at a time: the CPU has the cores, and the storage writes overlap the drawing. A work
    // based on another is an iterative rendering of that one's image, drawn once its base exists.
    const pngs: Buffer[] = new Array(DEMO_WORKS.length);
    const draw = async (i: number) => {
      const work = DEMO_WORKS[i]!;
      const base = work.basedOn === undefined ? undefined : pngs[work.basedOn];
      pngs[i] = await renderPreviewImage(engineTask(work, deps.settings.pixels(work.size, 'SD'), 1000 + i, base), 0);
    };
    const originals = DEMO_WORKS.flatMap((w, i) => (w.basedOn === undefined ? [i] : []));
    for (let k = 0; k < originals.length; k += 2) await Promise.all(originals.slice(k, k + 2).map(draw));
    for (const [i, w] of DEMO_WORKS.entries()) if (w.basedOn !== undefined) await draw(i);

    const workIds: string[] = [];
    const uploadIds: string[] = [];
    for (const [i, work] of DEMO_WORKS.entries()) {
      const userId = creatorIds[work.creator]!;
      const basedOnId = work.basedOn === undefined ? undefined : workIds[work.basedOn];
      const baseUploadId = work.basedOn === undefined ? undefined : uploadIds[work.basedOn];
      const mode: TaskParams['mode'] = baseUploadId ? 'iterate' : 'text';
      const params: TaskParams = {
        mode,
        type: work.type,
        model: 'architecture',
        size: work.size,
        count: 1,
        quality: 'SD',
        prompt: work.description,
        negativePrompt: '',
        wordPackageIds: [],
        tags: { style: [work.style], material: [work.material], function: [work.func] },
        imageWeight: 0.5,
        textWeight: 0.7,
        controlStrength: 0.6,
        seed: 1000 + i,
        ...(basedOnId ? { basedOnId } : {}),
        ...(baseUploadId ? { baseImageId: baseUploadId } : {}),
      };
      const [task] = await tx
        .insert(tasks)
        .values({
          userId,
          mode,
          params,
          promptOriginal: work.description,
          // Drawn by the preview engine's own renderer (renderPreviewImage above).
          engine: previewEngine.name,
          state: 'complete',
          progress: 100,
        })
        .returning({ id: tasks.id });
      const upload = await deps.images.save({ userId, kind: 'result', png: pngs[i]!, taskId: task!.id, db: tx });
      const [row] = await tx
        .insert(works)
        .values({
          userId,
          uploadId: upload.id,
          taskId: task!.id,
          title: work.title,
          description: work.description,
          tags: [
            `style:${work.style}`,
            `function:${work.func}`,
            `material:${work.material}`,
            `environment:${work.environment}`,
          ],
          params,
          prompt: work.description,
          basedOnId: basedOnId ?? null,
          // The image it was rendered from, for the detail page's before and after.
          baseUploadId: baseUploadId ?? null,
          width: upload.width,
          height: upload.height,
          // Spread over the last weeks, newest last in the list, so every period has something.
          publishedAt: new Date(started - (DEMO_WORKS.length - i) * 11 * HOUR_MS),
        })
        .returning({ id: works.id });
      workIds.push(row!.id);
      uploadIds.push(upload.id);
    }

    // A deterministic web of likes, collections and follows among the demo creators.
    const likes: { userId: string; workId: string }[] = [];
    const collects: { userId: string; workId: string }[] = [];
    workIds.forEach((workId, i) => {
      const others = creatorIds.filter((_, u) => u !== DEMO_WORKS[i]!.creator);
      // Counts vary from work to work, and the round keeps one creator's works (the list takes
      // turns between creators) from all scoring alike: "most liked" and "most collected" have an
      // order to show.
      const round = Math.floor(i / creatorIds.length);
      const likeCount = (i * 2 + round) % (others.length + 1);
      const collectCount = (i + 2 * round) % 3;
      others.forEach((userId, k) => {
        const turn = (k + i) % others.length;
        if (turn < likeCount) likes.push({ userId, workId });
        if (turn < collectCount) collects.push({ userId, workId });
      });
    });
    const follow = creatorIds.flatMap((followerId, a) =>
      creatorIds.filter((_, b) => b !== a && (a + b) % 3 !== 0).map((followeeId) => ({ followerId, followeeId })),
    );
    await tx.insert(workLikes).values(likes);
    await tx.insert(workCollections).values(collects);
    await tx.insert(follows).values(follow);
    await tx.execute(sql`update works set
      like_count = (select count(*) from work_likes l where l.work_id = works.id),
      collect_count = (select count(*) from work_collections c where c.work_id = works.id)
      where id in ${workIds}`);
    await tx.execute(sql`insert into user_stats (user_id, followers, following, works, likes_received, collects_received)
      select u.id,
        (select count(*) from follows f where f.followee_id = u.id),
        (select count(*) from follows f where f.follower_id = u.id),
        (select count(*) from works w where w.user_id = u.id and w.state = 'published'),
        (select coalesce(sum(w.like_count), 0) from works w where w.user_id = u.id),
        (select coalesce(sum(w.collect_count), 0) from works w where w.user_id = u.id)
      from users u where u.id in ${creatorIds}
      on conflict (user_id) do update set followers = excluded.followers, following = excluded.following,
        works = excluded.works, likes_received = excluded.likes_received, collects_received = excluded.collects_received`);

    for (const [i, b] of DEMO_BANNERS.entries()) {
      const png = await renderPreviewImage(
        engineTask(
          { ...b, material: 'glass', func: b.type === 'interior' ? 'living-room' : 'museum' },
          { width: 1200, height: 400 },
          77 + i,
        ),
        0,
      );
      const imageKey = await deps.storage.put(
        `banner/${randomUUID()}.webp`,
        await sharp(png).webp({ quality: 80 }).toBuffer(),
        {
          contentType: 'image/webp',
          visibility: 'public',
        },
      );
      const link = typeof b.link === 'string' ? b.link : `/detail/${workIds[b.link.work]}`;
      await tx.insert(banners).values({
        titleEn: b.titleEn,
        titleZh: b.titleZh,
        subtitleEn: b.subtitleEn,
        subtitleZh: b.subtitleZh,
        imageKey,
        link,
        sort: i,
      });
    }
    return true;
  });
  if (seeded) deps.log.info({ ms: Date.now() - started }, 'demo community content added');
  return seeded;
}

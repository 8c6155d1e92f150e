import type { CommunityTag, WorkCard, WorkDetail } from '@turing/contract';
import { browserUrl, type ObjectStorage } from '../../storage/storage.ts';
import { thumbSources } from '../upload/index.ts';
import type { CardRow } from './works.list.repository.ts';
import type { WorksRepository } from './works.repository.ts';
import { workLinkScope } from './work-links.ts';

/** As long as the upload module's own signed URLs: enough for a page, too short to pass around. */
const SIGNED_URL_TTL_SECONDS = 3600;

/** What "settings" shows of a work's parameters: never an image or folder id. */
const SETTINGS_KEYS = [
  'mode',
  'type',
  'model',
  'size',
  'quality',
  'seed',
  'imageWeight',
  'textWeight',
  'controlStrength',
];

export type DetailRow = NonNullable<Awaited<ReturnType<WorksRepository['detail']>>>;

export function createWorksMapper(storage: ObjectStorage) {
  const url = (key: string, scope?: string) => browserUrl(storage, key, SIGNED_URL_TTL_SECONDS, scope);
  // The same address the user module gives an avatar.
  const avatarUrl = (key: string | null) => (key ? `/files/${key}` : null);

  // Every image link of a work is bound to its link version: it ends when the work is taken out or hidden.
  const card = (row: CardRow): WorkCard => ({
    id: row.id,
    title: row.title,
    thumbUrl: url(row.thumbKey ?? row.key, workLinkScope(row.id, row.linkVersion)),
    thumbs: thumbSources(row, (key) => url(key, workLinkScope(row.id, row.linkVersion))),
    width: row.width,
    height: row.height,
    likeCount: row.likeCount,
    collectCount: row.collectCount,
    creator: { id: row.creatorId, nickname: row.nickname, avatarUrl: avatarUrl(row.avatarKey) },
    publishedAt: row.publishedAt.toISOString(),
    liked: row.liked,
    collected: row.collected,
  });

  function detail(row: DetailRow, viewerId: string | null, tags: CommunityTag[]): WorkDetail {
    const w = row.work;
    const shown = !w.hideParams;
    const settings = Object.fromEntries(SETTINGS_KEYS.filter((k) => k in w.params).map((k) => [k, w.params[k]]));
    const scope = workLinkScope(w.id, w.linkVersion);
    return {
      id: w.id,
      title: w.title,
      description: w.description,
      url: url(row.key, scope),
      thumbUrl: url(row.thumbKey ?? row.key, scope),
      width: w.width,
      height: w.height,
      likeCount: w.likeCount,
      collectCount: w.collectCount,
      shareCount: w.shareCount,
      publishedAt: w.publishedAt.toISOString(),
      liked: row.liked,
      collected: row.collected,
      baseImage: row.baseKey
        ? { url: url(row.baseKey, scope), thumbUrl: url(row.baseThumbKey ?? row.baseKey, scope) }
        : null,
      tags,
      hideParams: w.hideParams,
      prompt: shown ? w.prompt : null,
      settings: shown ? settings : null,
      basedOn:
        row.basedOn?.id && row.basedOn.key && !row.basedOnSuspended
          ? {
              id: row.basedOn.id,
              title: row.basedOn.title!,
              thumbUrl: url(
                row.basedOn.thumbKey ?? row.basedOn.key,
                workLinkScope(row.basedOn.id, row.basedOn.linkVersion!),
              ),
            }
          : null,
      derivedCount: row.derivedCount,
      creator: {
        id: row.creator.id,
        nickname: row.creator.nickname,
        avatarUrl: avatarUrl(row.creator.avatarKey),
        followers: row.followers,
        followedByMe: row.followedByMe,
      },
      mine: viewerId === w.userId,
      state: w.state as WorkDetail['state'],
    };
  }

  return { url, card, detail };
}

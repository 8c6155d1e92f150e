import type { CreatorCard, UserHome } from '@turing/contract';
import { AppError } from '../../shared/app-error.ts';
import { thumbSources } from '../upload/index.ts';
import type { CreatorRepository } from './creators.repository.ts';
import { workLinkScope } from './work-links.ts';

/** Avatars are public files, addressed the way the user profile addresses them. */
export const avatarUrl = (key: string | null) => (key ? `/files/${key}` : null);

/** Creators' public faces: home page headers and the recommended creators of the gallery. */
export function createCreatorService(deps: {
  creators: CreatorRepository;
  imageUrl: (key: string, scope?: string) => string;
}) {
  const repo = deps.creators;

  return {
    /** A user who exists and is not suspended. */
    isActive: async (userId: string) => (await repo.home(userId, null)) !== null,

    /** A user's home page header (the viewer's own when no user is named). */
    async home(userId: string | undefined, viewerId: string | null): Promise<UserHome> {
      const target = userId ?? viewerId;
      const row = target ? await repo.home(target, viewerId) : null;
      if (!row) throw new AppError('USER_NOT_FOUND');
      return {
        id: row.id,
        nickname: row.nickname,
        avatarUrl: avatarUrl(row.avatarKey),
        signature: row.signature,
        occupation: row.occupation,
        followers: row.followers,
        following: row.following,
        works: row.works,
        likesReceived: row.likesReceived,
        collectsReceived: row.collectsReceived,
        followedByMe: row.followedByMe,
        isSelf: row.id === viewerId,
        joinedAt: row.createdAt.toISOString(),
      };
    },

    /**
     * Recommended creators. The viewer is left out, but people they already follow stay in the
     * list with `followedByMe`: the section keeps its place when they follow someone from it,
     * and a small community is not emptied by a few follows.
     */
    async recommended(limit: number, viewerId: string | null): Promise<CreatorCard[]> {
      const rows = await repo.recommended(limit, viewerId);
      return rows.map((row) => ({
        id: row.id,
        nickname: row.nickname,
        avatarUrl: avatarUrl(row.avatarKey),
        signature: row.signature,
        followers: row.followers,
        works: row.works,
        likesReceived: row.likesReceived,
        followedByMe: row.followedByMe,
        recentWorks: row.recent.map((w) => ({
          id: w.id,
          thumbUrl: deps.imageUrl(w.thumbKey ?? w.key, workLinkScope(w.id, w.linkVersion)),
          thumbs: thumbSources(w, (key) => deps.imageUrl(key, workLinkScope(w.id, w.linkVersion))),
        })),
      }));
    },
  };
}
export type CreatorService = ReturnType<typeof createCreatorService>;

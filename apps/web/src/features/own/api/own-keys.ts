/** Query keys of the user home page; `user` is an id, or 'me' for the caller's own page. */
export const ownKeys = {
  all: ['own'] as const,
  home: (user: string) => ['own', 'home', user] as const,
  works: (userId: string) => ['own', 'works', userId] as const,
  collected: (userId: string) => ['own', 'collected', userId] as const,
  liked: (userId: string) => ['own', 'liked', userId] as const,
  achievements: (userId: string) => ['own', 'achievements', userId] as const,
  followers: (userId: string) => ['own', 'followers', userId] as const,
  following: (userId: string) => ['own', 'following', userId] as const,
};

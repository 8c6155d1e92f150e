import type { ProjectAccess } from '@turing/contract';

/**
 * What the caller's access lets them do on the page, as the server enforces it: viewers look,
 * commenters also comment, editors also change views, versions and the style and generate, and the
 * owner also manages members, review links and deletion. The page only hides what would be refused.
 */
export function abilities(access: ProjectAccess) {
  const owner = access === 'owner';
  const edit = owner || access === 'editor';
  return {
    owner,
    edit,
    comment: edit || access === 'commenter',
    manageMembers: owner,
    share: owner,
    delete: owner,
    leave: !owner,
  };
}
export type Abilities = ReturnType<typeof abilities>;

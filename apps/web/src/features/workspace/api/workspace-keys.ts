/** Query keys of the workspace; every change to folders or images refreshes `all`. */
export const workspaceKeys = {
  all: ['workspace'] as const,
  folders: ['workspace', 'folders'] as const,
  images: (folderId: string) => ['workspace', 'images', folderId] as const,
  tasks: ['workspace', 'tasks'] as const,
};

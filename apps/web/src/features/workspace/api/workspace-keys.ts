/** Query keys of the workspace; every change to folders or images refreshes `all`. */
export const workspaceKeys = {
  all: ['workspace'] as const,
  folders: ['workspace', 'folders'] as const,
  /** Under `folders`, so whatever refreshes the list refreshes it too. */
  folder: (id: string) => ['workspace', 'folders', id] as const,
  images: (folderId: string) => ['workspace', 'images', folderId] as const,
  tasks: ['workspace', 'tasks'] as const,
};

import type { ProjectVersion } from '@turing/contract';

/** One version placed in the tree: its column (steps from its root) and its row. */
export interface TreeNode {
  version: ProjectVersion;
  /** Steps from its root: a base image or a result made from nothing in the view is 0. */
  depth: number;
  row: number;
  /** The image it came from, when that image is in the view. */
  parentId: string | null;
  childIds: string[];
  /** Its place in reading order (depth first), which the keyboard follows. */
  index: number;
  /** A short label in creation order: B1, B2… for base images, v1, v2… for results. */
  label: string;
}

export interface VersionTree {
  /** In reading order: each version, then what was made from it, oldest first. */
  nodes: TreeNode[];
  byId: Map<string, TreeNode>;
  rows: number;
  columns: number;
}

/**
 * Lays a view's versions out as a tree read left to right: base → iterate → edit → upscale. A
 * version is drawn in the column after the one it came from; a leaf takes the next free row and
 * a parent sits on its first child's row, so a chain of steps reads as one straight line and a
 * branch (two results from one image) opens a row below. Versions whose source is not in the view
 * (or whose links loop, which the server should never store) start trees of their own.
 */
export function layoutVersionTree(versions: readonly ProjectVersion[]): VersionTree {
  const ids = new Set(versions.map((v) => v.imageId));
  const children = new Map<string, ProjectVersion[]>();
  const labels = new Map<string, string>();
  let bases = 0;
  let results = 0;
  for (const v of versions) {
    labels.set(v.imageId, v.kind === 'base' ? `B${++bases}` : `v${++results}`);
    const parent =
      v.parentImageId && v.parentImageId !== v.imageId && ids.has(v.parentImageId) ? v.parentImageId : null;
    if (parent) children.set(parent, [...(children.get(parent) ?? []), v]);
  }

  const nodes: TreeNode[] = [];
  const byId = new Map<string, TreeNode>();
  let nextRow = 0;
  let columns = 0;
  const place = (version: ProjectVersion, depth: number, parentId: string | null): number => {
    const node: TreeNode = {
      version,
      depth,
      row: -1,
      parentId,
      childIds: [],
      index: nodes.length,
      label: labels.get(version.imageId)!,
    };
    nodes.push(node);
    byId.set(version.imageId, node);
    columns = Math.max(columns, depth + 1);
    const kids = (children.get(version.imageId) ?? []).filter((kid) => !byId.has(kid.imageId));
    for (const kid of kids) {
      const row = place(kid, depth + 1, version.imageId);
      node.childIds.push(kid.imageId);
      if (node.row < 0) node.row = row;
    }
    if (node.row < 0) node.row = nextRow++;
    return node.row;
  };

  const isRoot = (v: ProjectVersion) => !v.parentImageId || v.parentImageId === v.imageId || !ids.has(v.parentImageId);
  for (const v of versions) if (isRoot(v) && !byId.has(v.imageId)) place(v, 0, null);
  // Whatever a loop kept unreachable from a root is shown from its oldest version on.
  for (const v of versions) if (!byId.has(v.imageId)) place(v, 0, null);

  return { nodes, byId, rows: nextRow, columns };
}

/** Where a key moves the focus in the tree (the WAI-ARIA tree pattern, every branch open). */
export function treeKeyTarget(tree: VersionTree, fromId: string, key: string): string | null {
  const node = tree.byId.get(fromId);
  if (!node) return tree.nodes[0]?.version.imageId ?? null;
  const at = (index: number) => tree.nodes[index]?.version.imageId ?? null;
  switch (key) {
    case 'ArrowDown':
      return at(node.index + 1);
    case 'ArrowUp':
      return at(node.index - 1);
    case 'ArrowRight':
      return node.childIds[0] ?? null;
    case 'ArrowLeft':
      return node.parentId;
    case 'Home':
      return at(0);
    case 'End':
      return at(tree.nodes.length - 1);
    default:
      return null;
  }
}

import { describe, expect, it } from 'vitest';
import { base, uid, version } from '../test/project-fixtures.ts';
import { layoutVersionTree, treeKeyTarget } from './version-tree.ts';

const place = (tree: ReturnType<typeof layoutVersionTree>) => tree.nodes.map((n) => `${n.label}@${n.depth},${n.row}`);

describe('the version tree layout', () => {
  it('reads a chain left to right on one row, a branch opening the next row', () => {
    // B1 → v1 (iterate) → v2 (edit) → v3 (upscale); v4 is a second iteration of B1.
    const tree = layoutVersionTree([
      base(1),
      version(2, { parent: 1 }),
      version(3, { parent: 2, mode: 'edit' }),
      version(4, { parent: 3, mode: 'upscale' }),
      version(5, { parent: 1 }),
    ]);
    expect(place(tree)).toEqual(['B1@0,0', 'v1@1,0', 'v2@2,0', 'v3@3,0', 'v4@1,1']);
    expect(tree.columns).toBe(4);
    expect(tree.rows).toBe(2);
    expect(tree.byId.get(uid(2))!.childIds).toEqual([uid(3)]);
    expect(tree.byId.get(uid(5))!.parentId).toBe(uid(1));
  });

  it('puts what was made from nothing in the view (text to image) at the root, and numbers kinds apart', () => {
    const tree = layoutVersionTree([
      version(1, { mode: 'text' }),
      base(2),
      version(3, { parent: 1 }),
      version(4, { parent: 2 }),
    ]);
    expect(place(tree)).toEqual(['v1@0,0', 'v2@1,0', 'B1@0,1', 'v3@1,1']);
  });

  it('starts a tree of its own for a version whose source left the view', () => {
    const tree = layoutVersionTree([version(2, { parent: 1 }), version(3, { parent: 2 })]);
    expect(place(tree)).toEqual(['v1@0,0', 'v2@1,0']);
    expect(tree.nodes[0]!.parentId).toBeNull();
  });

  it('shows every version once even when links loop', () => {
    const tree = layoutVersionTree([version(1, { parent: 2 }), version(2, { parent: 1 }), version(3, { parent: 3 })]);
    expect(tree.nodes.map((n) => n.version.imageId).sort()).toEqual([uid(1), uid(2), uid(3)]);
    expect(new Set(tree.nodes.map((n) => n.row)).size).toBe(tree.rows);
  });

  it('is empty for an empty view', () => {
    expect(layoutVersionTree([])).toMatchObject({ nodes: [], rows: 0, columns: 0 });
  });
});

describe('moving through the tree with the keyboard', () => {
  const tree = layoutVersionTree([
    base(1),
    version(2, { parent: 1 }),
    version(3, { parent: 2 }),
    version(4, { parent: 1 }),
  ]);
  const go = (from: number, key: string) => treeKeyTarget(tree, uid(from), key);

  it('goes down and up in reading order, right to what was made from a version, left to its source', () => {
    expect(go(1, 'ArrowDown')).toBe(uid(2));
    expect(go(3, 'ArrowDown')).toBe(uid(4));
    expect(go(4, 'ArrowUp')).toBe(uid(3));
    expect(go(1, 'ArrowRight')).toBe(uid(2));
    expect(go(4, 'ArrowLeft')).toBe(uid(1));
    expect(go(1, 'Home')).toBe(uid(1));
    expect(go(1, 'End')).toBe(uid(4));
  });

  it('stays at the edges', () => {
    expect(go(1, 'ArrowUp')).toBeNull();
    expect(go(4, 'ArrowDown')).toBeNull();
    expect(go(1, 'ArrowLeft')).toBeNull();
    expect(go(3, 'ArrowRight')).toBeNull();
    expect(go(1, 'x')).toBeNull();
  });
});

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CheckCircleFilled, StarFilled } from '@ant-design/icons';
import type { ProjectVersion } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { layoutVersionTree, treeKeyTarget, type TreeNode } from '../lib/version-tree.ts';
import { ModeIcon, modeKey } from './mode-icon.tsx';
import './version-tree.css';

/** A node's box and the room between columns and rows, in CSS pixels (the lines are drawn in them). */
const NODE_W = 112;
const NODE_H = 100;
const GAP_X = 36;
const GAP_Y = 16;
const x = (depth: number) => depth * (NODE_W + GAP_X);
const y = (row: number) => row * (NODE_H + GAP_Y);

interface Props {
  versions: readonly ProjectVersion[];
  selectedId: string | null;
  onSelect(imageId: string): void;
  /** The tree's accessible name (the view's). */
  label: string;
}

/** The elbow from a version's right edge to what was made from it. */
function link(parent: TreeNode, child: TreeNode) {
  const x1 = x(parent.depth) + NODE_W;
  const y1 = y(parent.row) + NODE_H / 2;
  const x2 = x(child.depth);
  const y2 = y(child.row) + NODE_H / 2;
  const mid = x1 + GAP_X / 2;
  return `M${x1} ${y1} H${mid} V${y2} H${x2}`;
}

/**
 * A view's versions as a tree of thumbnails, read left to right (base → iterate → edit → upscale),
 * each with its step's icon, a star for picks and a mark on the current version. It is one tab stop:
 * the arrow keys move along it (down and up in reading order, right to what was made from a
 * version, left to its source), Home and End to the ends, Enter or a click selects.
 */
export function VersionTree({ versions, selectedId, onSelect, label }: Props) {
  const { t } = useTranslation('project');
  const tree = useMemo(() => layoutVersionTree(versions), [versions]);
  const [focusId, setFocusId] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLDivElement>());
  const frame = useRef<HTMLDivElement>(null);
  // The roving tab stop: the focused version, else the selected one, else the first.
  const stop =
    (focusId && tree.byId.has(focusId) ? focusId : null) ??
    (selectedId && tree.byId.has(selectedId) ? selectedId : null) ??
    tree.nodes[0]?.version.imageId ??
    null;

  // The selected version scrolls into view inside the tree (never the page: opening a project
  // must not jump down to its tree), as it does when chosen elsewhere on the page.
  useEffect(() => {
    const el = selectedId ? items.current.get(selectedId) : undefined;
    const box = frame.current;
    if (!el || !box) return;
    const r = el.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (r.left < b.left) box.scrollLeft -= b.left - r.left + GAP_X;
    else if (r.right > b.right) box.scrollLeft += r.right - b.right + GAP_X;
    if (r.top < b.top) box.scrollTop -= b.top - r.top + GAP_Y;
    else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom + GAP_Y;
  }, [selectedId]);

  const move = (id: string) => {
    setFocusId(id);
    // Focus brings the version into view, in the tree and on the page.
    items.current.get(id)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, node: TreeNode) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(node.version.imageId);
      return;
    }
    const target = treeKeyTarget(tree, node.version.imageId, e.key);
    if (target === null) {
      if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End') e.preventDefault();
      return;
    }
    e.preventDefault();
    move(target);
  };

  const name = (node: TreeNode) =>
    [
      node.label,
      t(modeKey(node.version)),
      node.version.starred ? t('tree.starred') : null,
      node.version.isCurrent ? t('tree.current') : null,
    ]
      .filter(Boolean)
      .join(', ');

  const width = x(tree.columns - 1) + NODE_W;
  const height = y(tree.rows - 1) + NODE_H;
  return (
    <div className="vtree" data-testid="version-tree" ref={frame}>
      <div
        className="vtree__canvas"
        role="tree"
        aria-label={label}
        style={{ width, height }}
        data-columns={tree.columns}
        data-rows={tree.rows}
      >
        <svg className="vtree__links" width={width} height={height} aria-hidden focusable="false">
          {tree.nodes.map((node) =>
            node.parentId ? <path key={node.version.imageId} d={link(tree.byId.get(node.parentId)!, node)} /> : null,
          )}
        </svg>
        {tree.nodes.map((node) => {
          const v = node.version;
          const selected = v.imageId === selectedId;
          return (
            <div
              key={v.imageId}
              ref={(el) => {
                if (el) items.current.set(v.imageId, el);
                else items.current.delete(v.imageId);
              }}
              role="treeitem"
              aria-level={node.depth + 1}
              aria-selected={selected}
              aria-label={name(node)}
              tabIndex={v.imageId === stop ? 0 : -1}
              className={[
                'vtree__node',
                selected && 'vtree__node--selected',
                v.isCurrent && 'vtree__node--current',
                v.kind === 'base' && 'vtree__node--base',
              ]
                .filter(Boolean)
                .join(' ')}
              style={{ left: x(node.depth), top: y(node.row), width: NODE_W, height: NODE_H }}
              onClick={() => {
                setFocusId(v.imageId);
                onSelect(v.imageId);
              }}
              onFocus={() => setFocusId(v.imageId)}
              onKeyDown={(e) => onKeyDown(e, node)}
              data-testid="tree-node"
              data-id={v.imageId}
              data-depth={node.depth}
              data-row={node.row}
            >
              <img className="vtree__thumb" src={v.thumbUrl} alt="" loading="lazy" decoding="async" />
              <span className="vtree__bar">
                <span className="vtree__label">
                  <ModeIcon version={v} /> {node.label}
                </span>
                {v.starred && <StarFilled className="vtree__star" aria-hidden />}
                {v.isCurrent && <CheckCircleFilled className="vtree__current" aria-hidden />}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

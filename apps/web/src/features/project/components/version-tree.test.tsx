import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { base, uid, version } from '../test/project-fixtures.ts';
import { VersionTree } from './version-tree.tsx';

// B1 → v1 → v2 (edit) → v3 (upscale, starred); v4 another iteration of B1, the current one.
const versions = [
  base(1),
  version(2, { parent: 1 }),
  version(3, { parent: 2, mode: 'edit' }),
  version(4, { parent: 3, mode: 'upscale', starred: true }),
  version(5, { parent: 1, isCurrent: true }),
];

function renderTree(selectedId: string | null = uid(5)) {
  const onSelect = vi.fn();
  render(<VersionTree versions={versions} selectedId={selectedId} onSelect={onSelect} label="Versions of Street" />);
  return { onSelect };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('the version tree', () => {
  it('places each version after the one it came from, named by its step, star and current mark', () => {
    renderTree();
    expect(screen.getByRole('tree', { name: 'Versions of Street' })).toBeInTheDocument();
    const items = screen.getAllByRole('treeitem');
    expect(items.map((i) => [i.dataset.depth, i.dataset.row])).toEqual([
      ['0', '0'],
      ['1', '0'],
      ['2', '0'],
      ['3', '0'],
      ['1', '1'],
    ]);
    expect(items.map((i) => i.getAttribute('aria-level'))).toEqual(['1', '2', '3', '4', '2']);
    expect(items[0]).toHaveAccessibleName('B1, Base image');
    expect(items[3]).toHaveAccessibleName('v3, Upscale, starred');
    expect(items[4]).toHaveAccessibleName('v4, Iterative rendering, current version');
    expect(items[4]).toHaveAttribute('aria-selected', 'true');
    // One tab stop: the selected version.
    expect(items.map((i) => i.tabIndex)).toEqual([-1, -1, -1, -1, 0]);
  });

  it('moves with the arrow keys, Home and End, and selects with Enter or a click', async () => {
    const user = userEvent.setup();
    const { onSelect } = renderTree();
    const item = (n: number) => screen.getAllByRole('treeitem').find((i) => i.dataset.id === uid(n))!;

    await user.tab();
    expect(item(5)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item(1)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item(2)).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item(4)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item(5)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item(4)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item(1)).toHaveFocus();
    await user.keyboard('{End}');
    expect(item(5)).toHaveFocus();
    // The focus is the tab stop while the tree has it.
    expect(item(5).tabIndex).toBe(0);
    await user.keyboard('{ArrowLeft}{ArrowRight}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(uid(2));
    await user.keyboard('{ArrowRight} ');
    expect(onSelect).toHaveBeenLastCalledWith(uid(3));

    await user.click(item(4));
    expect(onSelect).toHaveBeenLastCalledWith(uid(4));
  });

  it('reads in Chinese', async () => {
    await i18n.changeLanguage('zh');
    renderTree();
    expect(screen.getAllByRole('treeitem')[3]).toHaveAccessibleName('v3, 高清放大, 已加星标');
  });
});

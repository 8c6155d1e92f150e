import { Profiler, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import Konva from 'konva';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { MaskEditor } from './mask-editor.tsx';
import type { MaskShape } from './mask-types.ts';
import { installFakeCanvas, installViewport } from '../../../../test/fake-konva.ts';

const SIZE = 4096;
// 800×600 viewport, 4096² image, 16 px margin: fitted at 568/4096 and offset (116, 16).
const SCALE = 568 / SIZE;
const screenOf = (x: number, y: number) => ({ clientX: 116 + x * SCALE, clientY: 16 + y * SCALE });

function setup(initial: MaskShape[] = []) {
  const changes: MaskShape[][] = [];
  const commits = { count: 0 };
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <Profiler id="mask" onRender={() => commits.count++}>
        <MaskEditor
          imageUrl="/files/base.png"
          imageWidth={SIZE}
          imageHeight={SIZE}
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
      </Profiler>
    );
  }
  render(<Harness />);
  const canvas = screen.getByRole('application');
  // Shortcuts work while the editor has focus, as after the user's first click in it.
  act(() => canvas.focus());
  const last = () => changes.at(-1);
  return { canvas, changes, commits, last };
}

const down = (el: Element, x: number, y: number, init: Record<string, unknown> = {}) =>
  fireEvent.pointerDown(el, { ...screenOf(x, y), button: 0, pointerId: 1, ...init });
const move = (el: Element, x: number, y: number, init: Record<string, unknown> = {}) =>
  fireEvent.pointerMove(el, { ...screenOf(x, y), pointerId: 1, ...init });
const up = (el: Element, x: number, y: number) => fireEvent.pointerUp(el, { ...screenOf(x, y), pointerId: 1 });
const key = (k: string, init: Record<string, unknown> = {}) => fireEvent.keyDown(window, { key: k, ...init });
const liveLine = () =>
  Konva.stages
    .at(-1)!
    .find('Line')
    .find((n) => n.getAttr('stroke') && n.isVisible() && n.getParent()?.getParent()?.nodeType === 'Layer') as
    Konva.Line | undefined;

beforeEach(() => {
  installFakeCanvas();
  installViewport(800, 600);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MaskEditor painting', () => {
  it('paints a brush stroke in image pixels without re-rendering on pointer moves', () => {
    const { canvas, changes, commits } = setup();
    down(canvas, 1000, 1000);
    const before = commits.count;
    for (let i = 1; i <= 200; i++) move(canvas, 1000 + i * 10, 1000 + i * 5);
    expect(commits.count).toBe(before);
    // The in-progress stroke is one Konva line updated in place.
    expect(liveLine()!.points().length).toBe(2 * 201);
    up(canvas, 3000, 2000);
    expect(changes).toHaveLength(1);
    const [stroke] = changes[0]!;
    expect(stroke).toMatchObject({ type: 'stroke', mode: 'add' });
    if (stroke?.type !== 'stroke') throw new Error('not a stroke');
    expect(stroke.points[0]).toBeCloseTo(1000, 6);
    expect(stroke.points.at(-2)).toBeCloseTo(3000, 6);
    expect(stroke.size).toBe(Math.round(SIZE / 40));
    expect(liveLine()).toBeUndefined();
  });

  it('draws the finished shapes from one bitmap while a stroke is in progress', () => {
    const { canvas } = setup([{ type: 'rect', mode: 'add', x: 0, y: 0, w: 500, h: 500 }]);
    const cached = () =>
      Konva.stages
        .at(-1)!
        .find('Group')
        .filter((g) => g.isCached());
    down(canvas, 1000, 1000);
    expect(cached()).toHaveLength(1);
    move(canvas, 1200, 1000);
    up(canvas, 1200, 1000);
    expect(cached()).toHaveLength(0);
  });

  it('drops pointer samples closer than a screen pixel', () => {
    const { canvas, last } = setup();
    down(canvas, 100, 100);
    for (let i = 1; i <= 20; i++) move(canvas, 100 + i * 0.1, 100);
    up(canvas, 102, 100);
    expect(last()![0]).toMatchObject({ type: 'stroke', points: [100, 100] });
  });

  it('erases with subtract strokes whatever the mode', () => {
    const { canvas, last } = setup();
    key('E');
    down(canvas, 10, 10);
    move(canvas, 900, 10);
    up(canvas, 900, 10);
    expect(last()![0]).toMatchObject({ type: 'stroke', mode: 'subtract' });
    expect(screen.getByRole('button', { name: 'Eraser (E)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('drags a rectangle in subtract mode, normalised', () => {
    const { canvas, last } = setup();
    key('R');
    key('X');
    down(canvas, 2000, 1500);
    move(canvas, 1000, 500);
    up(canvas, 1000, 500);
    const rect = last()![0]!;
    expect(rect).toMatchObject({ type: 'rect', mode: 'subtract' });
    if (rect.type !== 'rect') throw new Error('not a rect');
    expect(rect.x).toBeCloseTo(1000, 6);
    expect(rect.w).toBeCloseTo(1000, 6);
    expect(rect.h).toBeCloseTo(1000, 6);
  });

  it('measures the pointer from inside the canvas border, where the stage starts', () => {
    const { canvas, last } = setup();
    // A 2 px border at (40, 30): the bounding box includes it, the stage sits inside it.
    vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue(new DOMRect(40, 30, 804, 604));
    Object.defineProperty(canvas, 'clientLeft', { value: 2 });
    Object.defineProperty(canvas, 'clientTop', { value: 2 });
    const shift = (p: { clientX: number; clientY: number }) => ({ clientX: p.clientX + 42, clientY: p.clientY + 32 });
    key('R');
    fireEvent.pointerDown(canvas, { ...shift(screenOf(1000, 500)), button: 0, pointerId: 1 });
    fireEvent.pointerMove(canvas, { ...shift(screenOf(3000, 2500)), pointerId: 1 });
    fireEvent.pointerUp(canvas, { ...shift(screenOf(3000, 2500)), pointerId: 1 });
    const rect = last()![0]!;
    if (rect.type !== 'rect') throw new Error('not a rect');
    expect(rect.x).toBeCloseTo(1000, 6);
    expect(rect.y).toBeCloseTo(500, 6);
    expect(rect.w).toBeCloseTo(2000, 6);
  });

  it('ignores a click with the rectangle tool', () => {
    const { canvas, changes } = setup();
    key('R');
    down(canvas, 500, 500);
    up(canvas, 500, 500);
    expect(changes).toHaveLength(0);
  });
});

describe('MaskEditor polygon', () => {
  it('closes when the first point is clicked again (within 10 screen px)', () => {
    const { canvas, last, changes } = setup();
    key('P');
    for (const [x, y] of [
      [100, 100],
      [2000, 100],
      [2000, 2000],
    ] as const) {
      down(canvas, x, y);
      up(canvas, x, y);
    }
    expect(changes).toHaveLength(0);
    const rubberBand = () =>
      Konva.stages
        .at(-1)!
        .find('Line')
        .find((n) => n.getAttr('dash')) as Konva.Line;
    move(canvas, 1000, 1500);
    expect(rubberBand().isVisible()).toBe(true);
    expect(rubberBand().points()).toEqual([2000, 2000, expect.closeTo(1000, 6), expect.closeTo(1500, 6)]);
    // 40 image px is ≈ 5.5 screen px at this zoom: close enough to the first point.
    down(canvas, 140, 120);
    expect(last()).toEqual([{ type: 'polygon', mode: 'add', points: [100, 100, 2000, 100, 2000, 2000] }]);
    expect(rubberBand().isVisible()).toBe(false);
  });

  it('closes with Enter, cancels with Escape, snaps to 45° with Shift', () => {
    const { canvas, last, changes } = setup();
    key('P');
    down(canvas, 100, 100);
    down(canvas, 1000, 130, { shiftKey: true }); // nearly horizontal: snapped flat
    key('Escape');
    key('Enter');
    expect(changes).toHaveLength(0);

    down(canvas, 100, 100);
    down(canvas, 1000, 130, { shiftKey: true });
    down(canvas, 1000, 900);
    key('Enter');
    const polygon = last()![0]!;
    if (polygon.type !== 'polygon') throw new Error('not a polygon');
    expect(polygon.points[2]).toBeCloseTo(1000, 6);
    expect(polygon.points[3]).toBeCloseTo(100, 6);
  });

  it('does not keep a polygon without area', () => {
    const { canvas, changes } = setup();
    key('P');
    down(canvas, 100, 100);
    down(canvas, 200, 200);
    down(canvas, 300, 300);
    key('Enter');
    expect(changes).toHaveLength(0);
  });
});

describe('MaskEditor history and view', () => {
  const rect: MaskShape = { type: 'rect', mode: 'add', x: 0, y: 0, w: 100, h: 100 };

  it('undoes and redoes with the keyboard and the buttons, and a new edit clears redo', () => {
    const { canvas, last } = setup([rect]);
    const undoButton = screen.getByRole('button', { name: 'Undo (Ctrl+Z)' });
    const redoButton = screen.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' });
    expect(undoButton).toBeDisabled();
    canvas.focus();
    down(canvas, 500, 500);
    up(canvas, 500, 500);
    expect(last()).toHaveLength(2);
    key('z', { ctrlKey: true });
    expect(last()).toEqual([rect]);
    expect(redoButton).toBeEnabled();
    key('Z', { ctrlKey: true, shiftKey: true });
    expect(last()).toHaveLength(2);
    fireEvent.click(undoButton);
    expect(last()).toEqual([rect]);
    down(canvas, 700, 700);
    up(canvas, 700, 700);
    expect(redoButton).toBeDisabled();
  });

  it('clears the mask as one undoable step', () => {
    const { last } = setup([rect, { ...rect, mode: 'subtract' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear mask' }));
    expect(last()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Undo (Ctrl+Z)' }));
    expect(last()).toHaveLength(2);
  });

  it('names every control, with its shortcut, for assistive technology', () => {
    setup();
    for (const name of ['Brush (B)', 'Eraser (E)', 'Rectangle (R)', 'Polygon (P)', 'Fit to view (F)', 'Clear mask']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('radio', { name: 'Add to region' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Subtract from region' })).not.toBeChecked();
    expect(screen.getByRole('slider', { name: 'Brush size' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Mask opacity' })).toBeInTheDocument();
    key('X');
    expect(screen.getByRole('radio', { name: 'Subtract from region' })).toBeChecked();
  });

  it('shows a button’s name and shortcut to keyboard users when it takes focus', async () => {
    setup();
    act(() => screen.getByRole('button', { name: 'Polygon (P)' }).focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Polygon (P)');
  });

  it('keeps the brush size in place, disabled, while a shape tool is active', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Rectangle (R)' }));
    expect(screen.getByRole('slider', { name: 'Brush size' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Eraser (E)' }));
    expect(screen.getByRole('slider', { name: 'Brush size' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('speaks Chinese when the app does', async () => {
    await act(() => i18n.changeLanguage('zh'));
    try {
      setup();
      expect(screen.getByRole('button', { name: '画笔（B）' })).toBeInTheDocument();
      expect(screen.getByRole('application', { name: '蒙版画布：涂抹图像中需要修改的区域' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('ignores shortcuts typed into a text field elsewhere on the page', () => {
    const { changes } = setup([rect]);
    const input = document.body.appendChild(document.createElement('textarea'));
    input.focus();
    fireEvent.keyDown(input, { key: 'p' });
    expect(screen.getByRole('button', { name: 'Brush (B)' })).toHaveAttribute('aria-pressed', 'true');
    input.remove();
    expect(changes).toHaveLength(0);
  });

  it('zooms with the wheel around the pointer and fits again', () => {
    const { canvas } = setup();
    expect(screen.getByText('14%')).toBeInTheDocument();
    // Two notches of √2 each.
    for (let i = 0; i < 2; i++) {
      act(() => {
        canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: -231, clientX: 400, clientY: 300, cancelable: true }));
      });
    }
    expect(screen.getByText('28%')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fit to view (F)' }));
    expect(screen.getByText('14%')).toBeInTheDocument();
  });

  it('pans with space + drag, committing the view once on release', () => {
    const { canvas, changes, commits } = setup();
    canvas.focus();
    fireEvent.pointerEnter(canvas);
    key(' ');
    down(canvas, 100, 100);
    const before = commits.count;
    for (let i = 0; i < 30; i++) move(canvas, 100 + i * 20, 100);
    expect(commits.count).toBe(before);
    up(canvas, 700, 100);
    fireEvent.keyUp(window, { key: ' ' });
    expect(changes).toHaveLength(0);
    expect(Konva.stages.at(-1)!.x()).toBeCloseTo(116 + 580 * SCALE, 6);
  });
});

describe('MaskEditor base image', () => {
  it('forgets the undo history when the base image changes', () => {
    const onChange = vi.fn();
    const rect: MaskShape = { type: 'rect', mode: 'add', x: 0, y: 0, w: 100, h: 100 };
    const props = { imageWidth: SIZE, imageHeight: SIZE, onChange };
    const view = render(<MaskEditor {...props} imageUrl="/files/a.png" value={[]} />);
    act(() => screen.getByRole('application').focus());
    fireEvent.pointerDown(screen.getByRole('application'), { ...screenOf(10, 10), button: 0, pointerId: 1 });
    fireEvent.pointerUp(screen.getByRole('application'), { ...screenOf(10, 10), pointerId: 1 });
    view.rerender(<MaskEditor {...props} imageUrl="/files/a.png" value={[rect]} />);
    expect(screen.getByRole('button', { name: 'Undo (Ctrl+Z)' })).toBeEnabled();
    view.rerender(<MaskEditor {...props} imageUrl="/files/b.png" value={[]} />);
    expect(screen.getByRole('button', { name: 'Undo (Ctrl+Z)' })).toBeDisabled();
  });

  it('says so when the base image cannot be loaded', async () => {
    vi.stubGlobal(
      'Image',
      class {
        onerror: (() => void) | null = null;
        set src(_: string) {
          queueMicrotask(() => this.onerror?.());
        }
      },
    );
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('The image could not be loaded.');
    expect(screen.getByRole('application')).toHaveAttribute('aria-busy', 'false');
  });
});

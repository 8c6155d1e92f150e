import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { installFakeCanvas, installViewport } from '../../../../test/fake-konva.ts';
import { TestCanvas } from '../../../../test/test-canvas.ts';
import { drawMask } from './mask-draw.ts';
import { hasRegion } from './mask-geometry.ts';
import { MaskEditor } from './mask-editor.tsx';
import type { MaskShape } from './mask-types.ts';

/**
 * The base image as the wand reads it through a canvas (jsdom decodes no images): a warm left half (a
 * wall), a cool right half, and a dark outline of the box (100, 100)–(199, 199) drawn on the wall.
 */
function room(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const line = (x === 100 || x === 199 || y === 100 || y === 199) && x >= 100 && x <= 199 && y >= 100 && y <= 199;
      const colour = line ? [20, 20, 20] : x < width / 2 ? [200, 90, 60] : [70, 130, 200];
      data.set([...colour, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const W = 800;
const H = 600;
// 800×600 viewport, 800×600 image, 16 px margin: fitted at 0.92 and offset (32, 24).
const SCALE = 568 / H;
const OFFSET = { x: (800 - W * SCALE) / 2, y: 16 };
const screenOf = (x: number, y: number) => ({ clientX: OFFSET.x + x * SCALE, clientY: OFFSET.y + y * SCALE });

function setup() {
  const changes: MaskShape[][] = [];
  function Harness() {
    const [value, setValue] = useState<MaskShape[]>([]);
    return (
      <MaskEditor
        imageUrl="/files/room.png"
        imageWidth={W}
        imageHeight={H}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  const canvas = screen.getByRole('application');
  act(() => canvas.focus());
  return { canvas, changes, last: () => changes.at(-1) ?? [] };
}

/** A click, and the selection it starts landing on the mask. */
async function click(canvas: Element, x: number, y: number, init: Record<string, unknown> = {}) {
  fireEvent.pointerDown(canvas, { ...screenOf(x, y), button: 0, pointerId: 1, ...init });
  fireEvent.pointerUp(canvas, { ...screenOf(x, y), pointerId: 1 });
  await waitFor(() => expect(canvas).toHaveAttribute('aria-busy', 'false'));
}

/** The mask the editor would submit, as the share of pixels it changes in a box. */
function coverage(shapes: MaskShape[], x0: number, y0: number, x1: number, y1: number) {
  const canvas = new TestCanvas(W, H);
  drawMask(canvas, shapes, W, H);
  let white = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (canvas.at(x, y) === 255) white++;
  return white / ((x1 - x0) * (y1 - y0));
}

beforeEach(() => {
  installFakeCanvas();
  // Konva keeps its fake context; reading pixels back gives the room.
  const getContext = vi.mocked(HTMLCanvasElement.prototype.getContext);
  const fake = getContext.getMockImplementation()!;
  getContext.mockImplementation(function (this: HTMLCanvasElement, ...args: Parameters<typeof fake>) {
    const context = fake.apply(this, args) as CanvasRenderingContext2D;
    context.getImageData = (_x: number, _y: number, width: number, height: number) => room(width, height) as ImageData;
    return context;
  });
  installViewport(800, 600);
  // The base image "loads" at once.
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      set src(_: string) {
        queueMicrotask(() => this.onload?.());
      }
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('magic wand tool', () => {
  it('selects the clicked area into the mask in one undoable step', async () => {
    const { canvas, changes, last } = setup();
    await waitFor(() => expect(canvas).toHaveAttribute('aria-busy', 'false'));
    fireEvent.click(screen.getByRole('button', { name: 'Magic wand (W)' }));
    expect(screen.getByRole('button', { name: 'Magic wand (W)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('slider', { name: 'Tolerance' })).toHaveAttribute('aria-valuenow', '16');

    await click(canvas, 300, 400);
    expect(changes).toHaveLength(1);
    const [shape] = last();
    expect(shape).toMatchObject({ type: 'raster', mode: 'add' });
    expect(hasRegion(last(), { width: W, height: H })).toBe(true);
    // The wall (outside the drawn box, whose dark lines differ) and nothing of the right half.
    expect(coverage(last(), 0, 0, 399, 600)).toBeGreaterThan(0.9);
    expect(coverage(last(), 402, 0, 800, 600)).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Undo (Ctrl+Z)' }));
    expect(last()).toEqual([]);
  });

  it('adds with Shift, subtracts with Alt or in subtract mode, each click a step', async () => {
    const { canvas, last } = setup();
    await waitFor(() => expect(canvas).toHaveAttribute('aria-busy', 'false'));
    fireEvent.keyDown(window, { key: 'w' });
    await click(canvas, 600, 300);
    await click(canvas, 300, 50, { shiftKey: true });
    expect(last().map((s) => s.mode)).toEqual(['add', 'add']);
    expect(coverage(last(), 0, 0, 800, 90)).toBe(1);
    await click(canvas, 600, 300, { altKey: true });
    expect(last().map((s) => s.mode)).toEqual(['add', 'add', 'subtract']);
    expect(coverage(last(), 405, 0, 800, 600)).toBe(0);
    expect(coverage(last(), 0, 0, 395, 90)).toBe(1);
    // Subtracting the wall too leaves no region, which the page then refuses to submit.
    fireEvent.keyDown(window, { key: 'x' });
    await click(canvas, 300, 50);
    expect(hasRegion(last(), { width: W, height: H })).toBe(false);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(hasRegion(last(), { width: W, height: H })).toBe(true);
  });

  it('changes the tolerance with [ and ] and with its slider, from the keyboard', async () => {
    setup();
    fireEvent.keyDown(window, { key: 'W' });
    const slider = screen.getByRole('slider', { name: 'Tolerance' });
    fireEvent.keyDown(window, { key: ']' });
    expect(slider).toHaveAttribute('aria-valuenow', '21');
    fireEvent.keyDown(window, { key: '[' });
    fireEvent.keyDown(window, { key: '[' });
    expect(slider).toHaveAttribute('aria-valuenow', '11');
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39 });
    expect(slider).toHaveAttribute('aria-valuenow', '12');
  });

  it('selects the area a drawn outline encloses with "select by line art"', async () => {
    const { canvas, last } = setup();
    await waitFor(() => expect(canvas).toHaveAttribute('aria-busy', 'false'));
    fireEvent.keyDown(window, { key: 'l' });
    expect(screen.getByRole('button', { name: 'Select by line art (L)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Click inside an area enclosed by lines/)).toBeInTheDocument();
    await click(canvas, 150, 150);
    expect(last()[0]).toMatchObject({ type: 'raster', mode: 'add', x: 101, y: 101, w: 98, h: 98 });
  });

  it('speaks Chinese when the app does', async () => {
    await act(() => i18n.changeLanguage('zh'));
    try {
      setup();
      fireEvent.click(screen.getByRole('button', { name: '魔棒（W）' }));
      expect(screen.getByRole('slider', { name: '容差' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '按线稿选择（L）' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

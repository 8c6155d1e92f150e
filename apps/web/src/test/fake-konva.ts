import { vi } from 'vitest';

/**
 * jsdom has no 2D canvas. Konva only needs a context that accepts every call, so a proxy that answers
 * any method with a harmless value lets the real Konva tree (nodes, attrs, layers) run under test.
 */
export function installFakeCanvas() {
  const answer = () => ({ addColorStop() {}, data: new Uint8ClampedArray(4), width: 0 });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const state: Record<string | symbol, unknown> = { canvas: this };
    return new Proxy(state, {
      get: (t, key) => (key in t ? t[key] : answer),
      set: (t, key, v) => {
        t[key] = v;
        return true;
      },
    }) as unknown as RenderingContext;
  });
}

/** A viewport of a fixed size: jsdom does no layout, so the editor is told its size as a browser would. */
export function installViewport(width: number, height: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      callback: ResizeObserverCallback;
      constructor(callback: ResizeObserverCallback) {
        this.callback = callback;
      }
      observe(target: Element) {
        this.callback([{ target, contentRect: { width, height } } as ResizeObserverEntry], this as never);
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

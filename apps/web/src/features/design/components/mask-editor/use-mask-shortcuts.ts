import { useEffect, useEffectEvent, type RefObject } from 'react';
import type { MaskTool } from './mask-types.ts';

export const TOOL_KEYS: Record<MaskTool, string> = {
  brush: 'B',
  eraser: 'E',
  rect: 'R',
  polygon: 'P',
  wand: 'W',
  lineArt: 'L',
};
export const MODE_KEY = 'X';
export const FIT_KEY = 'F';

export interface ShortcutActions {
  setTool: (tool: MaskTool) => void;
  toggleMode: () => void;
  undo: () => void;
  redo: () => void;
  fit: () => void;
  brushSize: (factor: number) => void;
  polygonOpen: boolean;
  closePolygon: () => void;
  cancelPolygon: () => void;
  removePolygonPoint: () => void;
  setPanKey: (held: boolean) => void;
}

/** Keys typed into a text field belong to the field, not the editor. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
    return true;
  }
  return target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'range'].includes(target.type);
}

/**
 * Editor shortcuts, live while the editor has focus or the pointer is over its canvas — the studio page
 * has a prompt box and other controls whose keys must keep working.
 */
export function useMaskShortcuts(
  root: RefObject<HTMLElement | null>,
  overCanvas: RefObject<boolean>,
  actions: ShortcutActions,
) {
  const onKeyDown = useEffectEvent((e: KeyboardEvent) => {
    const el = root.current;
    if (!el || isTyping(e.target)) return;
    const focused = el.contains(document.activeElement);
    if (!focused && !overCanvas.current) return;
    const key = e.key.length === 1 ? e.key.toUpperCase() : e.key;
    const command = e.ctrlKey || e.metaKey;
    let handled = true;
    if (command && key === 'Z') (e.shiftKey ? actions.redo : actions.undo)();
    else if (command && key === 'Y') actions.redo();
    else if (command || e.altKey) handled = false;
    else if (key === ' ') {
      // Space on a focused toolbar button presses it; it pans only over the canvas.
      if (!overCanvas.current && e.target !== el.querySelector('[data-mask-canvas]')) return;
      if (!e.repeat) actions.setPanKey(true);
    } else if (actions.polygonOpen && key === 'Enter') actions.closePolygon();
    else if (actions.polygonOpen && key === 'Escape') actions.cancelPolygon();
    else if (actions.polygonOpen && key === 'Backspace') actions.removePolygonPoint();
    else if (key === MODE_KEY) actions.toggleMode();
    else if (key === FIT_KEY) actions.fit();
    else if (key === '[' || key === ']') actions.brushSize(key === ']' ? 1.25 : 0.8);
    else {
      const tool = (Object.keys(TOOL_KEYS) as MaskTool[]).find((t) => TOOL_KEYS[t] === key);
      if (tool) actions.setTool(tool);
      else handled = false;
    }
    if (handled) e.preventDefault();
  });

  const onKeyUp = useEffectEvent((e: KeyboardEvent) => {
    if (e.key === ' ') actions.setPanKey(false);
  });
  // A space released in another window never reaches this one.
  const onBlur = useEffectEvent(() => actions.setPanKey(false));

  useEffect(() => {
    const down = (e: KeyboardEvent) => onKeyDown(e);
    const up = (e: KeyboardEvent) => onKeyUp(e);
    const blur = () => onBlur();
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, []);
}

import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';

/** Where typing belongs to a field or a control with its own arrow keys, never to the list. */
const OWN_KEYS = 'input, textarea, select, [contenteditable="true"], [role="tab"], [role="menuitem"], [role="slider"]';

export interface ListNavigationOptions {
  /** The items in the order shown. */
  ids: string[];
  /** Single keys (as `event.key`, lower case) and what they do to the active item. */
  actions: Record<string, (id: string) => void>;
  /** Asked for more when moving past the last item. */
  onEnd?: () => void;
}

/** The item chosen last, and where it was: when it leaves, the one that moved into its place is next. */
interface Chosen {
  id: string | null;
  index: number;
}

const itemSelector = (id: string) => `[data-item-id="${CSS.escape(id)}"]`;

/**
 * A long list worked through from the keyboard: one active item (j/k or the arrow keys move it),
 * single-key actions on it, and focus that stays in place. When the active item leaves the list
 * (it was handled), the one that moved up into its place becomes active and takes the focus.
 */
export function useListNavigation({ ids, actions, onEnd }: ListNavigationOptions) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<Chosen>({ id: null, index: 0 });
  const wantFocus = useRef(false);

  const found = chosen.id === null ? -1 : ids.indexOf(chosen.id);
  // Items above it came or went: remember where it is now.
  if (found >= 0 && found !== chosen.index) setChosen({ id: chosen.id, index: found });
  const index = found >= 0 ? found : Math.min(chosen.index, ids.length - 1);
  const activeId = index >= 0 ? (ids[index] ?? null) : null;

  const elementOf = (id: string | null) =>
    id === null ? rootRef.current : (rootRef.current?.querySelector<HTMLElement>(itemSelector(id)) ?? null);

  // After an action or a move the focus follows the active item; with the list empty, the list.
  // When the focused item just left the list, it follows too (the focus would be lost otherwise).
  useLayoutEffect(() => {
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (!wantFocus.current && !(lost && chosen.id !== null)) return;
    wantFocus.current = false;
    elementOf(activeId)?.focus();
  }, [activeId, chosen.id]);

  const moveTo = useCallback((id: string, at: number) => {
    wantFocus.current = true;
    setChosen({ id, index: at });
  }, []);

  /** Marks that the next change of the active item (the current one leaving) should take the focus. */
  const keepFocus = useCallback(() => {
    wantFocus.current = true;
  }, []);

  /** Makes `id` the active item and focuses it (back from a field inside it). */
  const focusItem = (id: string) => {
    setChosen({ id, index: Math.max(ids.indexOf(id), 0) });
    elementOf(id)?.focus();
  };

  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    const target = e.target instanceof HTMLElement ? e.target : null;
    const inList = target !== null && rootRef.current?.contains(target) === true;
    if (!inList && target !== document.body) return;
    if (target?.closest(OWN_KEYS)) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const step = key === 'j' || key === 'ArrowDown' ? 1 : key === 'k' || key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      e.preventDefault();
      if (ids.length === 0) return;
      const next = Math.max(0, index + step);
      if (next >= ids.length) onEnd?.();
      else moveTo(ids[next]!, next);
      return;
    }
    const action = actions[key];
    if (action && activeId) {
      e.preventDefault();
      wantFocus.current = true;
      action(activeId);
    }
  });

  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  /** Props of one item: focusable (the active one by Tab), found by its id, active when focused. */
  const itemProps = (id: string) => ({
    'data-item-id': id,
    'data-active': id === activeId ? 'true' : undefined,
    tabIndex: id === activeId ? 0 : -1,
    onFocus: () => {
      if (id !== activeId) setChosen({ id, index: Math.max(ids.indexOf(id), 0) });
    },
  });

  return { rootRef, activeId, itemProps, keepFocus, focusItem };
}

/** What an item of the list spreads on its element. */
export type ItemNavProps = ReturnType<ReturnType<typeof useListNavigation>['itemProps']>;

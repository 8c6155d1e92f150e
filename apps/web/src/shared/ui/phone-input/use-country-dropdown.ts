import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { LIMITS } from '@turing/contract';
import type { CountryCode, CountryList } from './country-list.ts';
import { optionId, type Placement } from './country-listbox.tsx';
import { findTypeAheadMatch, useTypeAhead } from './use-type-ahead.ts';

interface Options {
  /** The button and input together: the list is placed against it and clicks inside keep it open. */
  controlRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  listRef: RefObject<HTMLDivElement | null>;
  listId: string;
  list: CountryList;
  activeCode?: CountryCode;
  disabled?: boolean;
  onSelect(code: CountryCode): void;
  /** Where focus goes once the list closes on Tab or after a choice. */
  focusInput(): void;
}

const PAGE = 8;

/** Open state, placement, highlight and keyboard handling of the country list. */
export function useCountryDropdown(options: Options) {
  const { controlRef, buttonRef, listRef, listId, list, activeCode, disabled, onSelect, focusInput } = options;
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<Placement>('bottom');
  const [highlighted, setHighlighted] = useState(0);
  const typeAhead = useTypeAhead();

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open, listRef]);

  useEffect(() => {
    const country = open ? list.all[highlighted] : undefined;
    // jsdom has no scrollIntoView.
    if (country) document.getElementById(optionId(listId, country.code))?.scrollIntoView?.({ block: 'nearest' });
  }, [open, highlighted, list, listId]);

  useEffect(() => {
    if (!open) return;
    const onMouseDown = (event: MouseEvent) => {
      if (!controlRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onMouseDown);
    return () => document.removeEventListener('mousedown', onMouseDown);
  }, [open, controlRef]);

  const openList = () => {
    if (disabled || list.all.length === 0) return;
    const rect = controlRef.current?.getBoundingClientRect();
    const spaceBelow = rect ? window.innerHeight - rect.bottom : Infinity;
    setPlacement(spaceBelow > LIMITS.phoneDropdownBelowPx ? 'bottom' : 'top');
    setHighlighted(
      Math.max(
        0,
        list.all.findIndex((c) => c.code === activeCode),
      ),
    );
    typeAhead.reset();
    setOpen(true);
  };

  const closeList = (focus?: 'button' | 'input') => {
    setOpen(false);
    if (focus === 'button') buttonRef.current?.focus();
    if (focus === 'input') focusInput();
  };

  const select = (code: CountryCode) => {
    closeList('input');
    onSelect(code);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
      event.preventDefault();
      openList();
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const last = list.all.length - 1;
    const move = (to: number) => {
      event.preventDefault();
      setHighlighted(Math.min(last, Math.max(0, to)));
    };
    const chosen = list.all[highlighted];
    switch (event.key) {
      case 'ArrowDown':
        return move(highlighted + 1);
      case 'ArrowUp':
        return move(highlighted - 1);
      case 'PageDown':
        return move(highlighted + PAGE);
      case 'PageUp':
        return move(highlighted - PAGE);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'Enter':
        event.preventDefault();
        if (chosen) select(chosen.code);
        return;
      case 'Escape':
        // Keep an enclosing modal or drawer open: this Escape only meant the list.
        event.preventDefault();
        event.stopPropagation();
        return closeList('button');
      case 'Tab':
        event.preventDefault();
        return closeList(event.shiftKey ? 'button' : 'input');
    }
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    const query = typeAhead.push(event.key.toLocaleLowerCase());
    // Space starts no name, so on its own it picks the highlighted country as in a native select.
    if (query.trim() === '') {
      typeAhead.reset();
      if (chosen) select(chosen.code);
      return;
    }
    const index = findTypeAheadMatch(list.all, query.trimStart(), highlighted);
    if (index >= 0) setHighlighted(index);
  };

  const onListBlur = (related: EventTarget | null) => {
    if (!controlRef.current?.contains(related as Node | null)) setOpen(false);
  };

  return {
    open,
    placement,
    highlighted,
    setHighlighted,
    toggle: () => (open ? closeList() : openList()),
    select,
    onButtonKeyDown,
    onListKeyDown,
    onListBlur,
  };
}

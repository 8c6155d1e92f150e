import { useEffect, useRef } from 'react';

interface Options {
  enabled: boolean;
  onStep(step: -1 | 1): void;
}

/** Controls that use the arrow keys themselves (text, sliders, choices, the mask editor). */
const OWN_ARROWS =
  'input, textarea, select, [contenteditable="true"], [role="slider"], [role="radio"], [role="tab"], [role="combobox"], [role="listbox"], [role="application"], [role="menu"], [role="menubar"], [role="tablist"], [role="tree"], [role="grid"], .ant-segmented, .ant-slider, .ant-select';

/** Whether a dialog other than the full-screen view (where the arrows work too) is on screen; a closed one stays in the DOM, hidden. */
const otherDialog = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some(
    (wrap) => wrap.style.display !== 'none' && !wrap.querySelector('.stage-full'),
  );

/** Left and right arrows move along the film strip wherever the focus is, unless it is in a control that needs them. */
export function useStageKeys({ enabled, onStep }: Options) {
  const step = useRef(onStep);
  useEffect(() => {
    step.current = onStep;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(OWN_ARROWS) || otherDialog()) return;
      e.preventDefault();
      step.current(e.key === 'ArrowLeft' ? -1 : 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways inside a named region that takes keyboard focus, so
 * it can be scrolled without a pointer (a row may have nothing else to focus).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="billing__scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

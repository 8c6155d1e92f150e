import { PATHS } from '../../shared/routes/paths.ts';

/** The header's top menu, shared by the full header and the phone menu. */
export const SECTIONS = [
  { key: 'workspace', path: PATHS.workspace },
  { key: 'design', path: PATHS.design },
  { key: 'community', path: PATHS.community },
] as const;

export type SectionKey = (typeof SECTIONS)[number]['key'];

export function activeSection(pathname: string): SectionKey | null {
  if (pathname.startsWith(PATHS.workspace)) return 'workspace';
  if (pathname.startsWith(PATHS.design)) return 'design';
  if (pathname.startsWith(PATHS.community) || pathname.startsWith('/detail/')) return 'community';
  return null;
}

/** Below this width the top menu and the right-hand controls fold into the phone menu (antd's `lg`). */
export const WIDE_HEADER_QUERY = '(min-width: 992px)';

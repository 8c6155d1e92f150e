/**
 * The scope signed into every link handed out for a community work's images: the work and its
 * link version. Taking the work out, hiding it or suspending its creator counts the version up,
 * and links bound to an older one stop working at once.
 */
export const workLinkScope = (workId: string, linkVersion: number) => `w.${workId}.${linkVersion}`;

const SCOPE = /^w\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,9})$/;

/** The work and version a scope names, or null for anything else. */
export function parseWorkLinkScope(scope: string): { workId: string; linkVersion: number } | null {
  const m = SCOPE.exec(scope);
  return m ? { workId: m[1]!, linkVersion: Number(m[2]) } : null;
}

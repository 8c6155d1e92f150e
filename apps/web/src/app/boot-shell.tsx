/**
 * The first paint as a component the router can show: `painted` is index.html's #root as its scripts
 * left it (the header's bar, the login page's brand panel, the test-payments notice, the community's
 * first banner; its styles live there, and it chooses by the address what shows), inside a wrapper
 * that draws no box of its own.
 */
export function shellOf(painted: string) {
  return function BootShell() {
    return <div className="boot-shell" dangerouslySetInnerHTML={{ __html: painted }} />;
  };
}

/**
 * What index.html painted before the app's code arrived, taken before React replaces it. The router
 * shows it until the first page is ready, so the first paint stays on screen instead of going blank in
 * between (and the banner image already drawn is not drawn again later). boot-shell.test.tsx checks
 * what index.html paints.
 */
export const BootShell = shellOf(document.getElementById('root')?.innerHTML ?? '');

/**
 * What index.html painted before the app's code arrived, as its scripts left it (the header's bar, the
 * login page's brand panel, the test-payments notice, the community's first banner: its styles live
 * there, and it chooses by the address what shows), taken before React replaces it.
 */
const painted = document.getElementById('root')?.innerHTML ?? '';

/**
 * The router shows the first paint until the first page is ready, so it stays on screen instead of
 * going blank in between (and the banner image already drawn is not drawn again later).
 * boot-shell.test.tsx checks what index.html paints.
 */
export function BootShell() {
  return <div className="boot-shell" dangerouslySetInnerHTML={{ __html: painted }} />;
}

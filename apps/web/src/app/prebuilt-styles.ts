/**
 * The landing page's Ant Design styles made at build time (build/first-load-styles.ts), which
 * index.html's early script fetches alongside the entry. Put in place before the first render, they
 * spare the phone the work of making those styles: Ant Design finds the components they list already
 * styled. Without them (another page, a failed or slow request) the styles are made in the browser
 * as before, so the wait is short.
 */
const WAIT_MS = 2_000;

export async function applyPrebuiltStyles(
  pending = (window as { __antdStyles?: Promise<string> }).__antdStyles,
): Promise<boolean> {
  if (!pending) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const css = await Promise.race([
    pending.catch(() => ''),
    new Promise<string>((resolve) => (timer = setTimeout(() => resolve(''), WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!css.includes('.data-ant-cssinjs-cache-path')) return false;
  const style = document.createElement('style');
  style.dataset.prebuilt = 'antd';
  style.textContent = css;
  // Before the app's own stylesheets, where Ant Design puts the styles it makes, so the app's
  // overrides still win.
  document.head.prepend(style);
  return true;
}

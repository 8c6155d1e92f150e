import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPrebuiltStyles } from './prebuilt-styles.ts';

const SHEET =
  ':where(.css-x).ant-btn{color:red}.data-ant-cssinjs-cache-path{content:"css-x|Button-Button|ant-btn|anticon:abc";}';

describe('the landing page’s prebuilt Ant Design styles', () => {
  afterEach(() => {
    document.head.querySelectorAll('style[data-prebuilt], style[data-test-own]').forEach((s) => s.remove());
    vi.useRealTimers();
  });

  it('go in before every other stylesheet of the page, so the app’s own rules still win', async () => {
    const own = document.createElement('style');
    own.dataset.testOwn = '';
    own.textContent = '.app{}';
    document.head.append(own);
    await expect(applyPrebuiltStyles(Promise.resolve(SHEET))).resolves.toBe(true);
    const first = document.head.querySelector('style');
    expect(first?.dataset.prebuilt).toBe('antd');
    expect(first?.textContent).toBe(SHEET);
  });

  it('are left out when the request failed, or answered something else (an error page)', async () => {
    await expect(applyPrebuiltStyles(Promise.reject(new Error('offline')))).resolves.toBe(false);
    await expect(applyPrebuiltStyles(Promise.resolve('<!doctype html>'))).resolves.toBe(false);
    await expect(applyPrebuiltStyles(undefined)).resolves.toBe(false);
    expect(document.head.querySelector('style[data-prebuilt]')).toBeNull();
  });

  it('are not waited for past two seconds: the app starts and makes its styles itself', async () => {
    vi.useFakeTimers();
    let arrive!: (css: string) => void;
    const late = applyPrebuiltStyles(new Promise<string>((resolve) => (arrive = resolve)));
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(late).resolves.toBe(false);
    arrive(SHEET);
    await vi.advanceTimersByTimeAsync(0);
    expect(document.head.querySelector('style[data-prebuilt]')).toBeNull();
  });
});

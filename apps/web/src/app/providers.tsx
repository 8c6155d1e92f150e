import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, message as antMessage, notification as antNotification } from 'antd';
import AppContext from 'antd/es/app/context';
import { useToken } from 'antd/es/theme/internal';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../shared/i18n/i18n.ts';
import { useSettingsStore } from '../shared/settings/settings-store.ts';
import { bindToast } from '../shared/ui/toast.ts';
import { toastError } from '../shared/ui/toast-error.ts';
import { PublishProvider } from './publish-provider.tsx';
import { installSessionExpiry } from './session-expiry.ts';
import { themeConfig } from './theme.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silent?: boolean };
  }
}

export function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
    mutationCache: new MutationCache({
      onError(error, _vars, _ctx, mutation) {
        // 202 already toasted by the session handler; forms may show their own errors.
        if (!mutation.meta?.silent) toastError(error);
      },
    }),
  });
  installSessionExpiry(client);
  return client;
}

const ModalHolder = lazy(() => import('./modal-holder.tsx').then((m) => ({ default: m.ModalHolder })));
type ModalKind = keyof ModalApi;
type ModalConfig = Parameters<ModalApi['confirm']>[0];
type ModalHandle = ReturnType<ModalApi['confirm']>;
interface ModalCall {
  kind: ModalKind;
  config: ModalConfig;
  /** The dialog once open; until then `update` and `destroy` act on the waiting call. */
  attach(handle: ModalHandle): void;
}

/**
 * The modal API pages get before its code has arrived: a call waits and opens once it has; its
 * handle's `update`, `destroy` and answer follow the dialog.
 */
function createLazyModal(onFirstUse: () => void) {
  let loaded: ModalApi | null = null;
  const pending: ModalCall[] = [];
  const open =
    (kind: ModalKind) =>
    (config: ModalConfig): ModalHandle => {
      if (loaded) return loaded[kind](config);
      let handle: ModalHandle | null = null;
      let closed = false;
      let answered: (ok: boolean) => void = () => {};
      const answer = new Promise<boolean>((resolve) => (answered = resolve));
      const call: ModalCall = {
        kind,
        config,
        attach(opened) {
          handle = opened;
          if (closed) opened.destroy();
          void opened.then(answered, () => answered(false));
        },
      };
      pending.push(call);
      onFirstUse();
      return {
        destroy() {
          closed = true;
          if (handle) handle.destroy();
          else answered(false);
        },
        update(next) {
          if (handle) handle.update(next);
          else call.config = typeof next === 'function' ? next(call.config) : { ...call.config, ...next };
        },
        then: (resolve) => answer.then(resolve),
      };
    };
  const api: ModalApi = {
    info: open('info'),
    success: open('success'),
    error: open('error'),
    warning: open('warning'),
    confirm: open('confirm'),
  };
  return {
    api,
    ready(modalApi: ModalApi) {
      loaded = modalApi;
      for (const call of pending.splice(0)) call.attach(modalApi[call.kind](call.config));
    },
  };
}

/**
 * What Ant Design's App component gives (themed message, notification and modal through
 * `App.useApp()`, and the app's text style), with the modal's code fetched the first time a page
 * opens one: the dialog, its buttons' loading skeleton and motion are none of a first visit's work.
 * A call made before the code arrives is opened as soon as it does.
 */
function AppShell({ children }: { children: ReactNode }) {
  const [message, messageHolder] = antMessage.useMessage({ maxCount: 3 });
  const [notification, notificationHolder] = antNotification.useNotification({ placement: 'topRight' });
  // As Ant Design's App reads them: the resolved token, the theme's class (its reset styles, links
  // included, apply inside it) and the class its CSS variables are set on.
  const [, token, hashId, , cssVar] = useToken();
  const [wantModal, setWantModal] = useState(false);
  const [lazyModal] = useState(() => createLazyModal(() => setWantModal(true)));
  const modal = lazyModal.api;
  const app = useMemo(() => ({ message, notification, modal }), [message, notification, modal]);

  useEffect(() => bindToast(message, notification), [message, notification]);

  return (
    <AppContext.Provider value={app}>
      <div
        // The theme's CSS variables (--ant-…), which the app's own styles use too, live on cssVar's class.
        className={[hashId, cssVar?.key].filter(Boolean).join(' ')}
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {wantModal && (
          <Suspense fallback={null}>
            <ModalHolder onReady={lazyModal.ready} />
          </Suspense>
        )}
        {messageHolder}
        {notificationHolder}
        {children}
      </div>
    </AppContext.Provider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const themeName = useSettingsStore((s) => s.theme);
  const locale = useSettingsStore((s) => s.locale);
  const [queryClient] = useState(createQueryClient);
  const i18n = initI18n(locale);
  const theme = useMemo(() => themeConfig(themeName), [themeName]);

  useEffect(() => {
    document.body.classList.toggle('dark', themeName === 'dark');
    document.documentElement.style.colorScheme = themeName;
  }, [themeName]);
  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
  }, [locale]);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={locale === 'zh' ? zhCN : enUS} theme={theme}>
        <AppShell>
          <QueryClientProvider client={queryClient}>
            <PublishProvider>{children}</PublishProvider>
          </QueryClientProvider>
        </AppShell>
      </ConfigProvider>
    </I18nextProvider>
  );
}

import { useEffect, useMemo, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../shared/i18n/i18n.ts';
import { useSettingsStore } from '../shared/settings/settings-store.ts';
import { bindToast } from '../shared/ui/toast.ts';
import { toastError } from '../shared/ui/toast-error.ts';
import { REDUCED_MOTION, useMediaQuery } from '../shared/ui/use-media-query.ts';
import { BoardExportProvider } from './board-export-provider.tsx';
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

function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => bindToast(message), [message]);
  return null;
}

/** `queryClient`: the app's cache, shared with the router's loaders (main.tsx). */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const themeName = useSettingsStore((s) => s.theme);
  const locale = useSettingsStore((s) => s.locale);
  const i18n = initI18n(locale);
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const theme = useMemo(() => themeConfig(themeName, reducedMotion), [themeName, reducedMotion]);

  useEffect(() => {
    document.body.classList.toggle('dark', themeName === 'dark');
    document.documentElement.style.colorScheme = themeName;
    // index.html painted the first dark canvas on <html>; from here the body's class does it.
    document.documentElement.style.background = '';
  }, [themeName]);
  useEffect(() => {
    document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
  }, [locale]);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={locale === 'zh' ? zhCN : enUS} theme={theme}>
        <AntApp message={{ maxCount: 3 }}>
          <ToastBridge />
          <QueryClientProvider client={queryClient}>
            <PublishProvider>
              <BoardExportProvider>{children}</BoardExportProvider>
            </PublishProvider>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}

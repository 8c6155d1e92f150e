import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CheckOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../../../shared/api/get-user-info.ts';
import { PATHS } from '../../../shared/routes/paths.ts';
import { Logo } from '../../../shared/ui/logo.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { toastError } from '../../../shared/ui/toast-error.ts';
import { SettingsSwitch } from '../../../shared/ui/settings-switch.tsx';
import type { Method } from '../../../shared/ui/identity/identity-field.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { SsoButtons } from '../components/sso-buttons.tsx';
import { useFinishLogin } from '../hooks/use-finish-login.ts';
import './login-page.css';

type View = 'login' | 'register' | 'reset';
type TabView = Exclude<View, 'reset'>;
const TAB_VIEWS: TabView[] = ['login', 'register'];

// Registration and password reset are fetched when their view opens (registration as soon as the
// pointer reaches its tab): most visits only sign in.
const loadRegister = () => import('../components/register-form.tsx');
const RegisterForm = lazy(() => loadRegister().then((m) => ({ default: m.RegisterForm })));
const ResetForm = lazy(() => import('../components/reset-form.tsx').then((m) => ({ default: m.ResetForm })));

export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  // A share link (`?invite=CODE`) opens registration with the inviter's code filled in.
  const invite = params.get('invite')?.trim().slice(0, 32) || undefined;
  const [view, setView] = useState<View>(params.get('tab') === 'register' || invite ? 'register' : 'login');
  const [prefill, setPrefill] = useState<{ method: Method; value: string } | null>(null);
  const finish = useFinishLogin();
  const handled = useRef(false);

  // Back from Google or WeChat: the server already finished the sign-in (or refused it); the
  // address carries only the outcome, never a provider's code.
  useEffect(() => {
    if (handled.current) return;
    const sso = params.get('sso');
    if (sso !== 'ok' && sso !== 'error') return;
    handled.current = true;
    if (sso === 'ok') {
      void getUserInfo().then(finish, (err: Error) => toastError(err));
    } else {
      toast.error(t(`errors:${params.get('code') ?? 'VALIDATION'}`, { defaultValue: t('ssoFailed') }));
      setParams({}, { replace: true });
    }
  }, [finish, params, setParams, t]);

  return (
    <div className="login-page">
      <aside className="login-page__brand">
        <Link
          to={PATHS.home}
          className="login-page__logo"
          aria-label={t('common:nav.logoHome', { name: t('common:appName') })}
        >
          <Logo size={32} />
        </Link>
        <div>
          <h1>{t('brand.title')}</h1>
          <p>{t('brand.body')}</p>
          <ul>
            {(['point1', 'point2', 'point3'] as const).map((k) => (
              <li key={k}>
                <CheckOutlined /> {t(`brand.${k}`)}
              </li>
            ))}
          </ul>
        </div>
        <span className="login-page__foot pc-hint" data-testid="pc-hint">
          {t('common:footer.pcHint')}
        </span>
      </aside>
      <div className="login-page__main">
        {/* The brand panel, and the way home with it, is hidden on a narrow screen. */}
        <Link
          to={PATHS.home}
          className="login-page__mobile-logo"
          aria-label={t('common:nav.logoHome', { name: t('common:appName') })}
        >
          <Logo />
        </Link>
        <div className="login-page__settings">
          <SettingsSwitch />
        </div>
        {/* A card and two tabs drawn with the page's own styles (as Ant Design's Card and Tabs look
            in this theme): their components are not part of the first visit's code. */}
        <div className="login-page__card">
          {view === 'reset' ? (
            <Suspense fallback={null}>
              <ResetForm
                onBack={() => setView('login')}
                onDone={(identity) => {
                  setPrefill(identity);
                  setView('login');
                }}
              />
            </Suspense>
          ) : (
            <>
              <ViewTabs
                view={view}
                onChange={setView}
                labels={{
                  login: t('tabs.login'),
                  register: <span onPointerEnter={() => void loadRegister()}>{t('tabs.register')}</span>,
                }}
              >
                {view === 'login' ? (
                  <LoginForm key={prefill?.value ?? 'login'} prefill={prefill} onForgot={() => setView('reset')} />
                ) : (
                  <Suspense fallback={null}>
                    <RegisterForm inviteCode={invite} />
                  </Suspense>
                )}
              </ViewTabs>
              <SsoButtons />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** "Log in" and "Register" as an ARIA tab list: arrow keys, Home and End move between them. */
function ViewTabs({
  view,
  onChange,
  labels,
  children,
}: {
  view: TabView;
  onChange(view: TabView): void;
  labels: Record<TabView, ReactNode>;
  children: ReactNode;
}) {
  const id = useId();
  const tabs = useRef<Partial<Record<TabView, HTMLButtonElement | null>>>({});
  const onKeyDown = (e: KeyboardEvent) => {
    const at = TAB_VIEWS.indexOf(view);
    const next =
      e.key === 'ArrowRight'
        ? TAB_VIEWS[(at + 1) % TAB_VIEWS.length]
        : e.key === 'ArrowLeft'
          ? TAB_VIEWS[(at - 1 + TAB_VIEWS.length) % TAB_VIEWS.length]
          : e.key === 'Home'
            ? TAB_VIEWS[0]
            : e.key === 'End'
              ? TAB_VIEWS[TAB_VIEWS.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    onChange(next);
    tabs.current[next]?.focus();
  };
  return (
    <>
      <div className="login-tabs" role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown}>
        {TAB_VIEWS.map((key) => (
          <button
            key={key}
            ref={(el) => {
              tabs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${key}`}
            aria-selected={view === key}
            aria-controls={`${id}-panel`}
            tabIndex={view === key ? 0 : -1}
            className="login-tabs__tab"
            onClick={() => onChange(key)}
          >
            {labels[key]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${view}`}>
        {children}
      </div>
    </>
  );
}

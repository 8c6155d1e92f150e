import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Card, Tabs } from 'antd';
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
        <Card className="login-page__card">
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
              <Tabs
                activeKey={view}
                onChange={(key) => setView(key as View)}
                centered
                size="large"
                items={[
                  { key: 'login', label: t('tabs.login') },
                  {
                    key: 'register',
                    label: <span onPointerEnter={() => void loadRegister()}>{t('tabs.register')}</span>,
                  },
                ]}
              />
              {view === 'login' ? (
                <LoginForm key={prefill?.value ?? 'login'} prefill={prefill} onForgot={() => setView('reset')} />
              ) : (
                <Suspense fallback={null}>
                  <RegisterForm inviteCode={invite} />
                </Suspense>
              )}
              <SsoButtons />
            </>
          )}
        </Card>
      </div>
    </div>
  );
}

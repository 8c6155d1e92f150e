import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routes/paths.ts';
import { useLoginStore } from '../../shared/session/login-store.ts';
import { Logo } from '../../shared/ui/logo.tsx';
import { SettingsSwitch } from '../../shared/ui/settings-switch.tsx';
import './app-header.css';

export const HEADER_REFRESH_EVENT = 'turing:header-refresh';

/** Ask the header to re-render (e.g. after the profile changed elsewhere). */
export const refreshHeader = () => window.dispatchEvent(new Event(HEADER_REFRESH_EVENT));

// Only logged-in users need the dropdown, so visitors never download it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.tsx')).UserMenu }));

const SECTIONS = [
  { key: 'workspace', path: PATHS.workspace },
  { key: 'design', path: PATHS.design },
  { key: 'community', path: PATHS.community },
] as const;

function activeSection(pathname: string) {
  if (pathname.startsWith(PATHS.workspace)) return 'workspace';
  if (pathname.startsWith(PATHS.design)) return 'design';
  if (pathname.startsWith(PATHS.community) || pathname.startsWith('/detail/')) return 'community';
  return null;
}

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const loginState = useLoginStore((s) => s.loginState);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    window.addEventListener(HEADER_REFRESH_EVENT, bump);
    return () => window.removeEventListener(HEADER_REFRESH_EVENT, bump);
  }, []);

  const active = activeSection(pathname);
  return (
    <header className="app-header" key={version}>
      <Link to={PATHS.home} className="app-header__logo" aria-label={t('nav.logoHome', { name: t('appName') })}>
        <Logo />
      </Link>
      <nav className="app-header__menu" aria-label={t('nav.menu')}>
        {SECTIONS.map((s) => (
          <Link
            key={s.key}
            to={s.path}
            className={s.key === active ? 'app-header__item app-header__item--active' : 'app-header__item'}
            aria-current={s.key === active ? 'page' : undefined}
          >
            {t(`nav.${s.key}`)}
          </Link>
        ))}
      </nav>
      <div className="app-header__right">
        <SettingsSwitch />
        {loginState ? (
          <Suspense fallback={null}>
            <UserMenu />
          </Suspense>
        ) : (
          <Button type="primary" onClick={() => navigate(PATHS.design)}>
            {t('nav.tryNow')}
          </Button>
        )}
      </div>
    </header>
  );
}

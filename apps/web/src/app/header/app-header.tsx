import { lazy, Suspense, useCallback, useState } from 'react';
import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routes/paths.ts';
import { useLoginStore } from '../../shared/session/login-store.ts';
import { Logo } from '../../shared/ui/logo.tsx';
import { SettingsSwitch } from '../../shared/ui/settings-switch.tsx';
import { SECTIONS, activeSection } from './sections.ts';
import './app-header.css';

// Only logged-in users need the dropdown, so visitors never download it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.tsx')).UserMenu }));
// Only a narrow screen shows the menu button; the drawer behind it loads on first use.
const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

export function AppHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const loginState = useLoginStore((s) => s.loginState);
  // The history entry the phone menu was opened on: any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const [menuMounted, setMenuMounted] = useState(false);
  const menuOpen = menuOpenAt === location.key;
  const closeMenu = useCallback(() => setMenuOpenAt(null), []);

  const active = activeSection(location.pathname);
  return (
    <header className="app-header">
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
      <Button
        type="text"
        className="app-header__menu-button"
        icon={<MenuOutlined />}
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        data-testid="header-menu-button"
        onPointerEnter={() => void loadMobileMenu()}
        onClick={() => {
          setMenuMounted(true);
          setMenuOpenAt(location.key);
        }}
      />
      {menuMounted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} active={active} onClose={closeMenu} />
        </Suspense>
      )}
    </header>
  );
}

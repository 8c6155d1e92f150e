import { useEffect } from 'react';
import { Button, Drawer } from 'antd';
import { CrownFilled, LogoutOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routes/paths.ts';
import { useLoginStore } from '../../shared/session/login-store.ts';
import { SettingsSwitch } from '../../shared/ui/settings-switch.tsx';
import { SECTIONS, WIDE_HEADER_QUERY, type SectionKey } from './sections.ts';
import { USER_LINKS, useLogoutAction } from './user-actions.tsx';
import './mobile-menu.css';
import { UserAvatar } from '../../shared/ui/user-avatar/user-avatar.tsx';

interface MobileMenuProps {
  open: boolean;
  active: SectionKey | null;
  onClose(): void;
}

/** The header folded into a drawer for narrow screens: sections, settings and the account's links. */
export function MobileMenu({ open, active, onClose }: MobileMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginState = useLoginStore((s) => s.loginState);
  const avatarUrl = useLoginStore((s) => s.avatarUrl);
  const nickname = useLoginStore((s) => s.nickname);
  const onLogout = useLogoutAction();
  const isVip = useLoginStore((s) => s.isVip);

  // Once the window is wide enough for the full header, a drawer left open would only hide it.
  useEffect(() => {
    const wide = window.matchMedia(WIDE_HEADER_QUERY);
    const onChange = () => wide.matches && onClose();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [onClose]);

  const itemClass = (selected: boolean) =>
    selected ? 'mobile-menu__item mobile-menu__item--active' : 'mobile-menu__item';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size="min(320px, 85vw)"
      title={t('nav.menu')}
      rootClassName="mobile-menu"
    >
      <nav aria-label={t('nav.menu')}>
        <ul className="mobile-menu__list">
          {SECTIONS.map((s) => (
            <li key={s.key}>
              <Link
                to={s.path}
                className={itemClass(s.key === active)}
                aria-current={s.key === active ? 'page' : undefined}
                onClick={onClose}
              >
                {t(`nav.${s.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mobile-menu__settings">
        <SettingsSwitch />
      </div>
      {loginState ? (
        <section className="mobile-menu__account" aria-label={t('nav.userMenu', { name: nickname })}>
          <div className="mobile-menu__who">
            <UserAvatar url={avatarUrl} name={nickname} size={32} />
            <span className="mobile-menu__name">{nickname}</span>
            {isVip && (
              <span className="user-menu__vip">
                <CrownFilled aria-hidden="true" /> VIP
              </span>
            )}
          </div>
          <ul className="mobile-menu__list">
            {USER_LINKS.map((link) => (
              <li key={link.key}>
                <Link to={link.to} className={itemClass(false)} onClick={onClose}>
                  <span aria-hidden="true">{link.icon}</span>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
          <Button
            type="text"
            danger
            block
            className="mobile-menu__logout"
            icon={<LogoutOutlined aria-hidden="true" />}
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            {t('nav.logout')}
          </Button>
        </section>
      ) : (
        <Button
          type="primary"
          block
          size="large"
          onClick={() => {
            onClose();
            void navigate(PATHS.design);
          }}
        >
          {t('nav.tryNow')}
        </Button>
      )}
    </Drawer>
  );
}

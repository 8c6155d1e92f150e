import { Dropdown, type MenuProps } from 'antd';
import { ControlOutlined, CrownFilled, LogoutOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routes/paths.ts';
import { useLoginStore } from '../../shared/session/login-store.ts';
import { USER_LINKS, useLogoutAction } from './user-actions.tsx';
import { UserAvatar } from '../../shared/ui/user-avatar/user-avatar.tsx';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const avatarUrl = useLoginStore((s) => s.avatarUrl);
  const nickname = useLoginStore((s) => s.nickname);
  const onLogout = useLogoutAction();
  const isVip = useLoginStore((s) => s.isVip);
  const isOperator = useLoginStore((s) => s.isOperator);

  const items: MenuProps['items'] = [
    ...USER_LINKS.map((link) => ({
      key: link.key,
      icon: link.icon,
      label: t(link.label),
      onClick: () => navigate(link.to),
    })),
    // Only operators learn the console exists.
    ...(isOperator
      ? [{ key: 'console', icon: <ControlOutlined />, label: t('nav.console'), onClick: () => navigate(PATHS.admin) }]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true, onClick: onLogout },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['hover', 'click']} placement="bottomRight">
      <button
        type="button"
        className="user-menu__trigger"
        // The visible text (name, then the VIP mark) stays whole inside the accessible name.
        aria-label={t('nav.userMenu', { name: isVip ? `${nickname} VIP` : nickname })}
        data-testid="user-menu"
      >
        <UserAvatar url={avatarUrl} name={nickname} size={32} />
        <span className="user-menu__name">{nickname}</span>
        {isVip && (
          <span className="user-menu__vip" data-testid="header-vip">
            <CrownFilled aria-hidden="true" /> VIP
          </span>
        )}
      </button>
    </Dropdown>
  );
}

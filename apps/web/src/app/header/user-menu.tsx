import { Avatar, Dropdown, type MenuProps } from 'antd';
import { HeartOutlined, HomeOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useLogout } from '../../features/auth/api/logout.ts';
import { PATHS, collectionPath } from '../../shared/routes/paths.ts';
import { useLoginStore } from '../../shared/session/login-store.ts';
import { toast } from '../../shared/ui/toast.ts';
import { toastError } from '../../shared/ui/toast-error.ts';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const avatarUrl = useLoginStore((s) => s.avatarUrl);
  const nickname = useLoginStore((s) => s.nickname);
  const reset = useLoginStore((s) => s.reset);
  const logout = useLogout();

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess() {
        reset();
        // Every feature's cached answers (tickets, signed image URLs...) belong to the account leaving.
        queryClient.clear();
        toast.success(t('nav.logoutDone'));
        void navigate(PATHS.login);
      },
      onError: toastError,
    });

  const items: MenuProps['items'] = [
    { key: 'own', icon: <HomeOutlined />, label: t('nav.myHomepage'), onClick: () => navigate(PATHS.own) },
    { key: 'favorites', icon: <HeartOutlined />, label: t('nav.favorites'), onClick: () => navigate(collectionPath) },
    { key: 'account', icon: <SettingOutlined />, label: t('nav.account'), onClick: () => navigate(PATHS.profile) },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true, onClick: onLogout },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['hover', 'click']} placement="bottomRight">
      <button
        type="button"
        className="user-menu__trigger"
        aria-label={t('nav.userMenu', { name: nickname })}
        data-testid="user-menu"
      >
        <Avatar size={32} src={avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
        <span className="user-menu__name">{nickname}</span>
      </button>
    </Dropdown>
  );
}

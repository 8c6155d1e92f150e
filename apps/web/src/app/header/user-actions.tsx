import { HeartOutlined, HomeOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useLogout } from '../../features/auth/api/logout.ts';
import { PATHS, collectionPath } from '../../shared/routes/paths.ts';
import { useLoginStore } from '../../shared/session/login-store.ts';
import { toast } from '../../shared/ui/toast.ts';
import { toastError } from '../../shared/ui/toast-error.ts';
import { endSession } from '../../shared/http/client.ts';

/** The logged-in user's own pages, in the order both the avatar dropdown and the phone menu list them. */
export const USER_LINKS = [
  { key: 'own', icon: <HomeOutlined />, label: 'nav.myHomepage', to: PATHS.own },
  { key: 'favorites', icon: <HeartOutlined />, label: 'nav.favorites', to: collectionPath },
  { key: 'account', icon: <SettingOutlined />, label: 'nav.account', to: PATHS.profile },
] as const;

/** Logs out: ends the session, forgets the account's cached data and goes to the login page. */
export function useLogoutAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = useLoginStore((s) => s.reset);
  const logout = useLogout();

  return () => {
    // Answers on their way for the session being ended are not an expiry to report: neither those
    // sent before the click nor those the server answers while it logs out.
    endSession();
    logout.mutate(undefined, {
      onSuccess() {
        endSession();
        reset();
        // Every feature's cached answers (tickets, signed image URLs...) belong to the account leaving.
        queryClient.clear();
        toast.success(t('nav.logoutDone'));
        void navigate(PATHS.login);
      },
      onError: toastError,
    });
  };
}

import { HeartOutlined, HomeOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useLogout } from '../../features/auth/api/logout.ts';
import { PATHS, collectionPath } from '../../shared/routes/paths.ts';
import { useLoginStore } from '../../shared/session/login-store.ts';
import { toast } from '../../shared/ui/toast.ts';
import { toastError } from '../../shared/ui/toast-error.ts';
import { endSession, resumeSession } from '../../shared/http/client.ts';
import { clearLocalDrafts } from '../../features/design/lib/studio-draft.ts';
import { clearStudioProjects } from '../../shared/studio/studio-project.ts';

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
    // The session's calls on their way are abandoned and no new one goes out (client.ts): none is
    // answered "expired" (HTTP 401) once the server has ended the session.
    endSession();
    logout.mutate(undefined, {
      async onSuccess() {
        endSession();
        reset();
        // The studio's drafts stay on the server for the next sign-in, not in a browser someone else may use.
        clearLocalDrafts();
        clearStudioProjects();
        toast.success(t('nav.logoutDone'));
        // Every feature's cached answers (tickets, signed image URLs...) belong to the account
        // leaving; they go once its page has gone too, so that page asks for none of them again.
        await navigate(PATHS.login);
        queryClient.clear();
      },
      onError(err) {
        resumeSession();
        // The calls endSession() abandoned are in error on a page the user is still signed in to.
        void queryClient.invalidateQueries();
        toastError(err);
      },
    });
  };
}

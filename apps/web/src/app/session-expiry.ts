import type { QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@turing/contract';
import { configureHttp } from '../shared/http/client.ts';
import { PATHS, loginPath } from '../shared/routes/paths.ts';
import { useLoginStore } from '../shared/session/login-store.ts';
import { toast } from '../shared/ui/toast.ts';

/** The app's own location (a hash route): path and query. */
const current = () => window.location.hash.replace(/^#/, '') || PATHS.root;
const onHome = () => {
  const path = current().split('?')[0];
  return path === PATHS.home || path === PATHS.root;
};

/**
 * Status 202: show the server's message for 1000 ms, then go to /login (unless on the homepage),
 * which brings the user back to the page they were on once logged in again.
 * The login state drops at once so guards and the header react immediately, and the whole query
 * cache goes with it: the next account in this tab must never see the previous one's data.
 */
export function installSessionExpiry(queryClient: QueryClient) {
  let pending = false;
  configureHttp({
    onSessionExpired(msg) {
      // Only a session that was open can expire: once it is gone, the other answers still on
      // their way (a page's queries, a refetch) say the same and are not announced again.
      const wasOpen = useLoginStore.getState().loginState;
      useLoginStore.getState().reset();
      queryClient.clear();
      if (pending || !wasOpen) return;
      pending = true;
      toast.error(msg, LIMITS.sessionExpiredToastMs);
      setTimeout(() => {
        pending = false;
        if (!onHome()) window.location.hash = `#${loginPath(current())}`;
      }, LIMITS.sessionExpiredToastMs);
    },
  });
}

import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPath } from '../routes/paths.ts';
import { useLoginStore } from './login-store.ts';

/** True when logged in; otherwise goes to the login page, which brings the visitor back here. */
export function useRequireLogin() {
  const loggedIn = useLoginStore((s) => s.loginState);
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (loggedIn) return true;
    void navigate(loginPath(`${location.pathname}${location.search}`));
    return false;
  }, [loggedIn, navigate, location.pathname, location.search]);
}

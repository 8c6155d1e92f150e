import { useEffect } from 'react';
import { useUserInfo } from '../shared/api/get-user-info.ts';
import { useLoginStore } from '../shared/session/login-store.ts';

/** While logged in, keeps the cached profile (and so the header) in step with the server. */
export function ProfileSync() {
  const loginState = useLoginStore((s) => s.loginState);
  const setProfile = useLoginStore((s) => s.setProfile);
  const { data } = useUserInfo(loginState);
  useEffect(() => {
    if (data) setProfile(data);
  }, [data, setProfile]);
  return null;
}

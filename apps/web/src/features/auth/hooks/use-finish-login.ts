import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@turing/contract';
import { PATHS } from '../../../shared/routes/paths.ts';
import { useLoginStore } from '../../../shared/session/login-store.ts';

/** After any successful sign-in: store the profile, then go where the user was heading. */
export function useFinishLogin() {
  const setProfile = useLoginStore((s) => s.setProfile);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  return useCallback(
    (profile: UserProfile) => {
      setProfile(profile);
      queryClient.setQueryData(['user', 'info'], profile);
      const target = params.get('redirect');
      const safe = target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith(PATHS.login);
      void navigate(safe ? target : PATHS.home, { replace: true });
    },
    [navigate, params, queryClient, setProfile],
  );
}

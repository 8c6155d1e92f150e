import { create } from 'zustand';
import type { UserProfile } from '@turing/contract';
import { resumeSession } from '../http/client.ts';
import { STORAGE_KEYS, storage } from '../storage/storage.ts';

interface LoginState {
  loginState: boolean;
  avatarUrl: string | null;
  nickname: string;
  /** A time plan is running (the header shows the VIP mark). */
  isVip: boolean;
  /** The account runs the service: the header offers the operator console. */
  isOperator: boolean;
  /** A fetched profile: the login state becomes true and the profile is cached. */
  setProfile(profile: UserProfile): void;
  /** Logout or an expired session: state false, cached profile cleared, store reset. */
  reset(): void;
}

const cached = storage.get<UserProfile>(STORAGE_KEYS.userProfile);

export const useLoginStore = create<LoginState>((set) => ({
  loginState: storage.get<boolean>(STORAGE_KEYS.isLogin) === true,
  avatarUrl: cached?.avatarUrl ?? null,
  nickname: cached?.nickname ?? '',
  isVip: cached?.isVip === true,
  isOperator: Boolean(cached?.operator),
  setProfile(profile) {
    // Signed in (again, after a logout in this tab): calls needing the session go out once more.
    resumeSession();
    storage.set(STORAGE_KEYS.isLogin, true);
    storage.set(STORAGE_KEYS.userProfile, profile);
    set({
      loginState: true,
      avatarUrl: profile.avatarUrl,
      nickname: profile.nickname,
      isVip: profile.isVip,
      isOperator: Boolean(profile.operator),
    });
  },
  reset() {
    storage.set(STORAGE_KEYS.isLogin, false);
    storage.remove(STORAGE_KEYS.userProfile);
    set({ loginState: false, avatarUrl: null, nickname: '', isVip: false, isOperator: false });
  },
}));

export const cachedProfile = () => storage.get<UserProfile>(STORAGE_KEYS.userProfile);

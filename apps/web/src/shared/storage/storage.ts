import { LIMITS } from '@turing/contract';

/** The keys the app keeps in local storage (spec section 3). */
export const STORAGE_KEYS = {
  isLogin: 'IS_LOGIN',
  userProfile: 'USER_PROFILE',
  loginPhone: 'LOGIN_PHONE',
  /** Only whether "remember me" was ticked — never a password. */
  loginPasswd: 'LOGIN_PASSWD',
  locale: 'LOCALE',
  theme: 'THEME',
} as const;

interface Entry<T> {
  value: T;
  /** Epoch ms when written. */
  time: number;
  /** Lifetime in seconds; null never expires. */
  expire: number | null;
}

export interface SetOptions {
  /** Seconds until the entry reads as absent; null keeps it forever. Default 7 days. */
  expire?: number | null;
}

function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A local-storage wrapper whose entries expire (7 days unless said otherwise). */
export const storage = {
  set<T>(key: string, value: T, options: SetOptions = {}): void {
    const entry: Entry<T> = {
      value,
      time: Date.now(),
      expire: options.expire === undefined ? LIMITS.storageTtlSeconds : options.expire,
    };
    backend()?.setItem(key, JSON.stringify(entry));
  },
  get<T>(key: string): T | null {
    const raw = backend()?.getItem(key);
    if (raw == null) return null;
    try {
      const entry = JSON.parse(raw) as Entry<T>;
      if (typeof entry !== 'object' || entry === null || !('value' in entry)) return null;
      if (entry.expire !== null && Date.now() - entry.time > entry.expire * 1000) {
        backend()?.removeItem(key);
        return null;
      }
      return entry.value;
    } catch {
      return null;
    }
  },
  remove(key: string): void {
    backend()?.removeItem(key);
  },
  clear(): void {
    backend()?.clear();
  },
};

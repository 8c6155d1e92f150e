import type { UserProfile } from '@turing/contract';
import type { UserRow } from '../../db/schema/index.ts';
import type { SessionUser } from '../identity/index.ts';

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  const visible = name.slice(0, Math.min(2, Math.max(1, name.length - 1)));
  return `${visible}${'*'.repeat(Math.max(3, name.length - visible.length))}@${domain}`;
}

export function maskPhone(phone: string): string {
  // Keep the country code and the last four digits: +86 138****5678 style.
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.length <= 7) return digits.replace(/\d(?=\d{2})/g, '*');
  return `${digits.slice(0, digits.length - 8)}****${digits.slice(-4)}`;
}

/**
 * Profiles of the session cache's users: the cache hands every request of a user the same object
 * until the user changes (a new object then), so the masking is done once per change, not per request.
 */
const sessionProfiles = new WeakMap<SessionUser, UserProfile>();

/** A fresh row or the session's user (which carries `hasPassword` instead of the hash). */
export function toProfile(user: UserRow | SessionUser): UserProfile {
  if (!('hasPassword' in user)) return profileOf(user);
  let profile = sessionProfiles.get(user);
  if (!profile) sessionProfiles.set(user, (profile = Object.freeze(profileOf(user))));
  return profile;
}

function profileOf(user: UserRow | SessionUser): UserProfile {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    avatarUrl: user.avatarKey ? `/files/${user.avatarKey}` : null,
    gender: user.gender as UserProfile['gender'],
    isVip: user.isVip,
    signature: user.signature,
    occupation: user.occupation as UserProfile['occupation'],
    phone: user.phone ? maskPhone(user.phone) : null,
    email: user.email ? maskEmail(user.email) : null,
    wechatBound: user.wechatOpenId !== null,
    inviteCode: user.inviteCode,
    hasPassword: 'hasPassword' in user ? user.hasPassword : user.passwordHash !== null,
    operator: 'operatorRole' in user ? (user.operatorRole as UserProfile['operator']) : null,
  };
}

import { z } from 'zod';
import { route } from './route.ts';
import { userEndpoints } from './user.endpoints.ts';

export const OCCUPATIONS = [
  'architect',
  'interior_designer',
  'design_student',
  'home_decoration',
  'design_enthusiast',
  'supplier',
  'project_owner',
  'others',
] as const;
export const occupation = z.enum(OCCUPATIONS, { error: 'OCCUPATION_REQUIRED' });
export type Occupation = z.infer<typeof occupation>;

export const GENDERS = ['male', 'female', 'unknown'] as const;
export const gender = z.enum(GENDERS);

export const userProfile = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  gender,
  isVip: z.boolean(),
  signature: z.string(),
  occupation,
  /** Masked for display, e.g. +86 138****5678; null when not bound. */
  phone: z.string().nullable(),
  /** Masked for display, e.g. a***@example.com; null when not bound. */
  email: z.string().nullable(),
  wechatBound: z.boolean(),
  inviteCode: z.string(),
  hasPassword: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const userRoutes = {
  info: route({
    ...userEndpoints.info,
    response: userProfile,
    summary: 'The profile of the logged-in user',
  }),
  logout: route({
    ...userEndpoints.logout,
    response: z.null(),
    summary: 'Ends the current session',
  }),
};

import { z } from 'zod';
import { contentAdminEndpoints } from './community.banners.endpoints.ts';
import { INVALID_CHAR, isStorableText, textField } from './fields.ts';
import { SLUG_PATTERN } from './limits.ts';
import { route } from './route.ts';

/** Banners and preset pictures as operators manage them. */
export const BANNER_LIMITS = {
  titleMax: 80,
  subtitleMax: 160,
  linkMax: 300,
  /** Banners kept at once (shown or not): a carousel, not an archive. */
  max: 30,
  /** The stored picture fits inside this box (the strip is ~7:1 and twice as sharp as it shows). */
  width: 2400,
  height: 800,
  /** Smaller pictures look blurred across a wide screen. */
  minWidth: 960,
  minHeight: 160,
} as const;

/** Replacement preset pictures are cut to the size the studio's cards use, as the shipped ones are. */
export const PRESET_PICTURE = { width: 192, height: 144 } as const;

/**
 * The pages of the app a banner may open (hash routes). Anything else, above all another site or
 * a `javascript:` address, is refused.
 */
const BANNER_ROUTES = [
  /^\/home$/,
  /^\/design(\/(text-generate|iteration-rendering|step-editing))?$/,
  /^\/community$/,
  /^\/detail\/[\w-]{1,64}$/,
  /^\/workspace$/,
  /^\/own$/,
  /^\/user(\/(profile|product|support))?$/,
];
const LINK_QUERY = /^\?[\w\-.~=&%+]*$/;

/** Whether `link` is a page of this app: a known route, with at most a plain query. */
export function isBannerLink(link: string): boolean {
  const at = link.indexOf('?');
  const path = at < 0 ? link : link.slice(0, at);
  const query = at < 0 ? '' : link.slice(at);
  return BANNER_ROUTES.some((r) => r.test(path)) && (query === '' || LINK_QUERY.test(query));
}

export const BANNER_STATUSES = ['active', 'scheduled', 'expired', 'off'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];

/** Where a banner stands at `now`: switched off, waiting for its start, past its end, or shown. */
export function bannerStatus(
  b: { enabled: boolean; startsAt: string | Date | null; endsAt: string | Date | null },
  now: Date,
): BannerStatus {
  if (!b.enabled) return 'off';
  if (b.startsAt && new Date(b.startsAt) > now) return 'scheduled';
  if (b.endsAt && new Date(b.endsAt) <= now) return 'expired';
  return 'active';
}

export const adminBanner = z.object({
  id: z.string(),
  title: z.object({ en: z.string(), zh: z.string() }),
  subtitle: z.object({ en: z.string(), zh: z.string() }),
  link: z.string(),
  imageUrl: z.string(),
  /** Switched on; shown when also within its schedule. */
  enabled: z.boolean(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  sort: z.number().int(),
  status: z.enum(BANNER_STATUSES),
  updatedAt: z.iso.datetime(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

const bannerId = z.uuid('BANNER_NOT_FOUND');
/** A banner's title in one language (both are required). */
export const bannerTitleField = z
  .string({ error: 'BANNER_TITLE' })
  .trim()
  .min(1, 'BANNER_TITLE')
  .max(BANNER_LIMITS.titleMax, 'TEXT_TOO_LONG')
  .refine(isStorableText, INVALID_CHAR);
export const bannerSubtitleField = textField(BANNER_LIMITS.subtitleMax);
/** A page of this app the banner opens. */
export const bannerLinkField = z
  .string({ error: 'BANNER_LINK' })
  .trim()
  .max(BANNER_LIMITS.linkMax, 'BANNER_LINK')
  .refine(isBannerLink, 'BANNER_LINK');
/** Open when null: shown from now on, or until switched off. */
const when = z.iso.datetime({ offset: true, error: 'VALIDATION' }).nullable();
const enabled = z.boolean({ error: 'VALIDATION' });

type Schedule = { startsAt?: string | null; endsAt?: string | null };
const ordered = (b: Schedule) => !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt);
const schedule = { message: 'BANNER_SCHEDULE', path: ['endsAt'] };

/** A new banner (sent as the `data` field of the multipart form, beside its `file`). */
export const bannerBody = z
  .object({
    titleEn: bannerTitleField,
    titleZh: bannerTitleField,
    subtitleEn: bannerSubtitleField.default(''),
    subtitleZh: bannerSubtitleField.default(''),
    link: bannerLinkField,
    startsAt: when.default(null),
    endsAt: when.default(null),
    enabled: enabled.default(true),
  })
  .strict()
  .refine(ordered, schedule);
export type BannerBody = z.input<typeof bannerBody>;

/** The fields to change (the others stay): text, link, schedule, on/off. */
export const bannerUpdateBody = z
  .object({
    id: bannerId,
    titleEn: bannerTitleField.optional(),
    titleZh: bannerTitleField.optional(),
    subtitleEn: bannerSubtitleField.optional(),
    subtitleZh: bannerSubtitleField.optional(),
    link: bannerLinkField.optional(),
    startsAt: when.optional(),
    endsAt: when.optional(),
    enabled: enabled.optional(),
  })
  .strict()
  .refine(ordered, schedule);
export type BannerUpdateBody = z.input<typeof bannerUpdateBody>;

export const bannerReorderBody = z
  .object({
    ids: z
      .array(bannerId, { error: 'BANNER_ORDER' })
      .min(1, 'BANNER_ORDER')
      .max(BANNER_LIMITS.max, 'BANNER_ORDER')
      .refine((ids) => new Set(ids).size === ids.length, 'BANNER_ORDER'),
  })
  .strict();

export const PRESET_CATEGORIES = ['style', 'material'] as const;
export type PresetCategory = (typeof PRESET_CATEGORIES)[number];

const presetKey = z.object({
  category: z.enum(PRESET_CATEGORIES, { error: 'PRESET_NOT_FOUND' }),
  slug: z.string({ error: 'PRESET_NOT_FOUND' }).regex(SLUG_PATTERN, 'PRESET_NOT_FOUND'),
});
export type PresetKey = z.infer<typeof presetKey>;

export const presetPicture = z.object({
  category: z.enum(PRESET_CATEGORIES),
  slug: z.string(),
  label: z.object({ en: z.string(), zh: z.string() }),
  /** architectural, interior or both */
  type: z.string(),
  /** The picture the studio shows now (with its version), or null when the tag has none. */
  imageUrl: z.string().nullable(),
  /** An operator's replacement is shown instead of the shipped picture. */
  replaced: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type PresetPicture = z.infer<typeof presetPicture>;

export const contentAdminRoutes = {
  banners: route({
    ...contentAdminEndpoints.banners,
    response: z.array(adminBanner),
    summary: 'Every banner in carousel order, with its status now (active, scheduled, expired or off)',
  }),
  bannerCreate: route({
    ...contentAdminEndpoints.bannerCreate,
    response: adminBanner,
    summary:
      'Adds a banner at the end of the carousel: multipart with `file` (png or jpeg, at most 5MB) and `data` (the banner as JSON)',
  }),
  bannerUpdate: route({
    ...contentAdminEndpoints.bannerUpdate,
    body: bannerUpdateBody,
    response: adminBanner,
    summary: 'Changes a banner’s titles, link, schedule or on/off; fields left out stay',
  }),
  bannerImage: route({
    ...contentAdminEndpoints.bannerImage,
    query: z.object({ id: bannerId }),
    response: adminBanner,
    summary: 'Replaces a banner’s picture: multipart with `file` (png or jpeg, at most 5MB)',
  }),
  bannerReorder: route({
    ...contentAdminEndpoints.bannerReorder,
    body: bannerReorderBody,
    response: z.array(adminBanner),
    summary: 'Puts banners in this order; banners not named keep their order after them',
  }),
  bannerDelete: route({
    ...contentAdminEndpoints.bannerDelete,
    body: z.object({ id: bannerId }).strict(),
    response: z.object({ id: z.string() }),
    summary: 'Deletes a banner and its picture',
  }),
  presets: route({
    ...contentAdminEndpoints.presets,
    response: z.object({ style: z.array(presetPicture), material: z.array(presetPicture) }),
    summary: 'Style and material presets with the picture the studio shows for each',
  }),
  presetReplace: route({
    ...contentAdminEndpoints.presetReplace,
    query: presetKey,
    response: presetPicture,
    summary: 'Replaces a preset’s picture for every server: multipart with `file` (png or jpeg, at most 5MB)',
  }),
  presetRestore: route({
    ...contentAdminEndpoints.presetRestore,
    body: presetKey.strict(),
    response: presetPicture,
    summary: 'Shows the shipped picture of a preset again',
  }),
};

/** Business constants and validation limits shared by the server and the web (spec section 9). */
export const LIMITS = {
  apiBase: '/turing',
  requestTimeoutMs: 15_000,
  storageTtlSeconds: 604_800,
  toastMs: 3_000,
  sessionExpiredToastMs: 1_000,
  sessionTtlDays: 7,
  usernameMax: 32,
  nicknameMax: 32,
  signatureMax: 200,
  codeMin: 1,
  codeMax: 6,
  passwordMin: 6,
  passwordMax: 32,
  imageMaxBytes: 5 * 1024 * 1024,
  imageTypes: ['png', 'jpg', 'jpeg'] as const,
  /**
   * Decoded size of an upload. 40 MP takes 8K UHD (33 MP) and the 24–36 MP photos of most cameras
   * while bounding the decoded RGBA buffer at ~160 MB (a 5 MB PNG can otherwise expand past 1 GB).
   */
  imageMaxPixels: 40_000_000,
  /**
   * Uploads per user in any 24 hours. A heavy design day is ~100 generations with a base image and
   * one or two references, depth or line-art images and a mask each: 600 images and 1.5 GB (about
   * 300 KB of cleaned image on average, or 300 images at the 5MB ceiling) leave room for that and
   * stop a script from filling the disk.
   */
  uploadDailyCount: 600,
  uploadDailyBytes: 1_500 * 1024 * 1024,
  /** A designer drops a batch of references at once; more than one a second for a minute is a script. */
  uploadsPerMinute: 60,
  phoneInputMaxLength: 25,
  phoneDigitsMin: 2,
  phoneDigitsMax: 17,
  phoneInputHardMax: 250,
  phoneDropdownBelowPx: 200,
  phoneTypeAheadResetMs: 700,
  supportReplyHours: 12,
  supportSubjectMax: 120,
  supportMessageMax: 5000,
  verCodeTtlMinutes: 10,
  verCodeCooldownSeconds: 60,
  verCodeMaxWrongTries: 5,
  recommendedResolution: { width: 1440, height: 900 },
  promptMax: 1000,
  taskCountMax: 8,
  /** Largest seed a task may name: seeds are unsigned 32-bit numbers. */
  seedMax: 4_294_967_295,
  /** Characters of an invitation code and of a redemption code, at most. */
  inviteCodeMax: 32,
  redeemCodeMax: 64,
  /** Characters of the account an operator names (user id, username, e-mail address or phone number). */
  accountQueryMax: 254,
  tagsPerCategoryMax: 8,
  wordPackagesPerTaskMax: 10,
  wordPackageNameMax: 40,
  folderNameMax: 40,
  /** Images one batch action (move, copy, delete) may name. */
  workspaceBatchMax: 100,
  workTitleMax: 60,
  workDescriptionMax: 1000,
  searchMax: 60,
  reportDetailsMax: 500,
  orderPiecesMax: 12,
  /**
   * Bytes of images one workspace ZIP may hold. The browser keeps the download in memory to show its
   * progress, so it stays well under what a laptop tab can hold; 100 full-size results fit.
   */
  zipMaxBytes: 500 * 1024 * 1024,
} as const;

/** A tag's or a preset's slug: lower-case letters, digits and dashes. */
export const SLUG_PATTERN = /^[a-z0-9-]{1,40}$/;

/** The header every state-changing request must carry (the web client always sends it). */
export const APP_HEADER = { name: 'x-requested-with', value: 'XMLHttpRequest' } as const;

export const SESSION_COOKIE = 'sid';

/** Envelope status values: 200 success, 202 session missing or expired, anything else an error. */
export const STATUS = { ok: 200, sessionExpired: 202 } as const;

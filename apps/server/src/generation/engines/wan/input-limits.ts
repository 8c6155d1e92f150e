/**
 * wanx2.1-imageedit's base_image_url / mask_image_url: 512–4096 px a side, at most 10 MB. They also
 * meet wan2.5-i2i-preview's `images` (384–5000 px a side, at most 10 MB), where a reference goes.
 */
export const WAN_INPUT = { minSide: 512, maxSide: 4096, maxBytes: 10_000_000 } as const;

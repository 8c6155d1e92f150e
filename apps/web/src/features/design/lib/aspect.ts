import type { SizePreset } from '@turing/contract';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** "3:2" for 600 × 400; "1.43:1" when the ratio has no small whole numbers. */
export function ratioLabel(width: number, height: number): string {
  if (!width || !height) return '';
  const g = gcd(Math.round(width), Math.round(height));
  const [w, h] = [Math.round(width) / g, Math.round(height) / g];
  if (w <= 32 && h <= 32) return `${w}:${h}`;
  return width >= height ? `${(width / height).toFixed(2)}:1` : `1:${(height / width).toFixed(2)}`;
}

/**
 * The part of a base image a preset keeps, as fractions of its width and height (centred): the
 * server scales the base to cover the preset's frame and crops what falls outside.
 */
export function cropOf(base: { width: number; height: number }, size: SizePreset) {
  const [w, h] = size.split(':').map(Number) as [number, number];
  const target = w / h;
  const own = base.width / base.height;
  if (Math.abs(target - own) < 0.01) return { width: 1, height: 1, crops: false };
  return target > own
    ? { width: 1, height: own / target, crops: true }
    : { width: target / own, height: 1, crops: true };
}

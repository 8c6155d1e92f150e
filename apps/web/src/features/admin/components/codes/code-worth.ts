import type { TFunction } from 'i18next';

/** What a code gives, as a reader says it: "50 cubes + 7 plan days". */
export const codeWorth = (t: TFunction, c: { cubes: number; planDays: number }) =>
  [
    c.cubes ? t('codes.worthCubes', { count: c.cubes }) : null,
    c.planDays ? t('codes.worthDays', { count: c.planDays }) : null,
  ]
    .filter(Boolean)
    .join(' + ');

import { useTranslation } from 'react-i18next';
import { CompareSlider, type CompareSliderProps } from '../../../shared/ui/compare-slider/compare-slider.tsx';

type Props = Omit<CompareSliderProps, 'labels' | 'maxWidth'>;

/** A work over its base image, as large as the viewport below the header allows. */
export function CompareView({ before, after, alt, width, height }: Props) {
  const { t } = useTranslation('community');
  return (
    <CompareSlider
      before={before}
      after={after}
      alt={alt}
      width={width}
      height={height}
      labels={{ before: t('detail.before'), after: t('detail.after'), compare: t('detail.compare') }}
      maxWidth={`min(100%, calc((100vh - var(--header-h) - 48px) * ${width / height}))`}
    />
  );
}

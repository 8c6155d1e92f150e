import { useTranslation } from 'react-i18next';
import { CompareSlider as Slider, type CompareSliderProps } from '../../../shared/ui/compare-slider/compare-slider.tsx';

type Props = Omit<CompareSliderProps, 'labels' | 'maxWidth'> & {
  /** The tallest the frame may be (a CSS length); its width follows the image's aspect. */
  maxHeight?: string;
};

/** A result over the image it started from, sized to the stage. */
export function CompareSlider({ before, after, alt, width, height, maxHeight = '68vh' }: Props) {
  const { t } = useTranslation('design');
  return (
    <Slider
      before={before}
      after={after}
      alt={alt}
      width={width}
      height={height}
      labels={{ before: t('viewer.before'), after: t('viewer.after'), compare: t('viewer.compare') }}
      maxWidth={`min(100%, calc(${maxHeight} * ${width / height}))`}
    />
  );
}

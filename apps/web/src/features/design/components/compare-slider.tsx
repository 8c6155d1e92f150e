import { useTranslation } from 'react-i18next';
import { CompareSlider as Slider } from '../../../shared/ui/compare-slider/compare-slider.tsx';

interface Props {
  /** The base image; its thumbnail stands in while the full image loads. */
  before: { url: string; thumbUrl: string };
  after: string;
  alt: string;
  width: number;
  height: number;
}

/** A result over the image it started from, sized to the viewer. */
export function CompareSlider({ before, after, alt, width, height }: Props) {
  const { t } = useTranslation('design');
  return (
    <Slider
      before={before}
      after={after}
      alt={alt}
      width={width}
      height={height}
      labels={{ before: t('viewer.before'), after: t('viewer.after'), compare: t('viewer.compare') }}
      maxWidth={`min(100%, calc(68vh * ${width / height}))`}
    />
  );
}

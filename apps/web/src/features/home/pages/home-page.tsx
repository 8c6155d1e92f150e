import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import {
  AppstoreOutlined,
  EditOutlined,
  FontSizeOutlined,
  HeartOutlined,
  SyncOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routes/paths.ts';
import { CompareSlider } from '../../../shared/ui/compare-slider/compare-slider.tsx';
import heroModel from '../assets/hero-model.avif';
import heroRender from '../assets/hero-render.avif';
import './home-page.css';

const FEATURES = [
  { key: 'text', icon: <FontSizeOutlined /> },
  { key: 'iterate', icon: <SyncOutlined /> },
  { key: 'edit', icon: <EditOutlined /> },
  { key: 'workspace', icon: <AppstoreOutlined /> },
  { key: 'community', icon: <HeartOutlined /> },
  { key: 'plans', icon: <WalletOutlined /> },
] as const;

const STEPS = ['one', 'two', 'three'] as const;

// Below the fold: its code and request wait until the page above it is drawn.
const FeaturedWorks = lazy(() =>
  import('../components/featured-works.tsx').then((m) => ({ default: m.FeaturedWorks })),
);

export function HomePage() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  return (
    <div className="home">
      <section className="home-hero">
        <div className="home-hero__grid" aria-hidden="true" />
        <div className="home-hero__copy">
          <p className="home-hero__eyebrow">{t('hero.eyebrow')}</p>
          <h1 className="home-hero__title">{t('hero.title')}</h1>
          <p className="home-hero__subtitle">{t('hero.subtitle')}</p>
          <div className="home-hero__actions">
            <Button type="primary" size="large" onClick={() => navigate(PATHS.design)}>
              {t('hero.start')}
            </Button>
            <Button size="large" className="home-hero__ghost" onClick={() => navigate(PATHS.community)}>
              {t('hero.explore')}
            </Button>
          </div>
        </div>
        {/* A work of the demo community: the white model it started from and its rendering. */}
        <figure className="home-hero__compare" data-testid="home-compare">
          <CompareSlider
            before={{ url: heroModel, thumbUrl: heroModel }}
            after={heroRender}
            alt={t('hero.compare.alt')}
            width={640}
            height={427}
            lazy
            labels={{
              before: t('hero.compare.before'),
              after: t('hero.compare.after'),
              compare: t('hero.compare.label'),
            }}
          />
          <figcaption>{t('hero.compare.caption')}</figcaption>
        </figure>
      </section>

      <section className="home-section">
        <h2 className="home-section__title">{t('features.title')}</h2>
        <ul className="home-features">
          {FEATURES.map((f) => (
            <li key={f.key} className="home-feature">
              <div className="home-feature__icon">{f.icon}</div>
              <h3>{t(`features.${f.key}.title`)}</h3>
              <p className="home-muted">{t(`features.${f.key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section">
        <h2 className="home-section__title">{t('steps.title')}</h2>
        <ol className="home-steps">
          {STEPS.map((s, i) => (
            <li key={s} className="home-step">
              <span className="home-step__num">{i + 1}</span>
              <div>
                <h3>{t(`steps.${s}.title`)}</h3>
                <p className="home-muted">{t(`steps.${s}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <Suspense fallback={null}>
        <FeaturedWorks />
      </Suspense>

      <section className="home-cta">
        <h2>{t('cta.title')}</h2>
        <Button type="primary" size="large" onClick={() => navigate(PATHS.design)}>
          {t('cta.button')}
        </Button>
      </section>

      <footer className="home-footer">
        <span>
          © {new Date().getFullYear()} {t('common:appName')} · {t('common:footer.tagline')}
        </span>
        <span className="pc-hint" data-testid="pc-hint">
          {t('common:footer.pcHint')}
        </span>
      </footer>
    </div>
  );
}

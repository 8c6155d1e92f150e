import { Button } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../shared/routes/paths.ts';
import './not-found-page.css';

/**
 * A floor plan with one room drawn only in dashes, where the page should have been: the studio's
 * own subject, in the theme's greys and green (both follow the light and the dark theme).
 */
function MissingRoomPlan() {
  return (
    <svg className="not-found__plan" viewBox="0 0 240 160" aria-hidden="true" focusable="false">
      <g className="not-found__walls">
        {/* Two rooms with a door between them, and a doorway on the right into the missing one. */}
        <path d="M120 8H8v144h112" />
        <path d="M120 8v92M120 124v28" />
        <path d="M8 80h40M72 80h48" />
      </g>
      <path className="not-found__door" d="M48 80V56a24 24 0 0 1 24 24" />
      <path className="not-found__missing" d="M120 8h112v144H120" />
      <text className="not-found__mark" x="176" y="96" textAnchor="middle">
        ?
      </text>
    </svg>
  );
}

/** Any path the app does not know: what happened, and the ways back into the product. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="not-found" aria-labelledby="not-found-title" data-testid="not-found">
      <MissingRoomPlan />
      <div className="not-found__copy">
        <h1 id="not-found-title" className="not-found__title">
          <span className="not-found__code">{t('notFound.title')}</span>{' '}
          <span className="not-found__heading">{t('notFound.heading')}</span>
        </h1>
        <p className="not-found__text">{t('notFound.subtitle')}</p>
        <p className="not-found__hint">{t('notFound.hint')}</p>
        <div className="not-found__actions">
          <Button type="primary" size="large" onClick={() => void navigate(PATHS.home)}>
            {t('notFound.back')}
          </Button>
          <Link to={PATHS.design} className="not-found__link">
            {t('notFound.studio')} <ArrowRightOutlined aria-hidden="true" />
          </Link>
          <Link to={PATHS.community} className="not-found__link">
            {t('notFound.community')} <ArrowRightOutlined aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}

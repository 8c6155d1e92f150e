import { useState } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { REVIEW_TOKEN_PATTERN } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/http/api-error.ts';
import { SettingsSwitch } from '../../../shared/ui/settings-switch.tsx';
import { useMediaQuery } from '../../../shared/ui/use-media-query.ts';
import { useReview } from '../api/review-open.ts';
import { ReviewInvalid, ReviewPasswordForm } from '../components/review-gate.tsx';
import { ReviewProjectView } from '../components/review-project.tsx';
import '../components/comment-layer.css';
import './review-page.css';

/** Narrower than this the header hides its switches in the menu: the page shows its own. */
const NARROW = '(max-width: 991.98px)';
const PASSWORD_CODES = new Set(['REVIEW_PASSWORD_REQUIRED', 'REVIEW_PASSWORD_WRONG', 'RATE_LIMITED']);

/**
 * A project shown through a review link, to someone without an account: its views' current images
 * with their pinned comments, after the link's password when it has one. The token is in the page's
 * address after `#` (never sent to the server as an address) and goes to the API in the body.
 */
export function ReviewPage() {
  const { t } = useTranslation(['review', 'project', 'errors']);
  const { token = '' } = useParams();
  const narrow = useMediaQuery(NARROW);
  const valid = REVIEW_TOKEN_PATTERN.test(token);
  const [password, setPassword] = useState<string | undefined>(undefined);
  const pass = { token, password };
  const review = useReview(pass, valid);
  const code = review.error instanceof ApiError ? review.error.code : null;

  let body;
  if (!valid || code === 'REVIEW_LINK_INVALID') body = <ReviewInvalid />;
  // While a password is being tried the form stays, so what was typed is not lost.
  else if ((code && PASSWORD_CODES.has(code)) || (password !== undefined && !review.data && review.isFetching))
    body = (
      <ReviewPasswordForm
        // "Needs a password" is the question itself, not an error, until a password was tried.
        error={!code || code === 'REVIEW_PASSWORD_REQUIRED' || password === undefined ? null : review.error!.message}
        busy={review.isFetching}
        onSubmit={(value) => (value === password ? void review.refetch() : setPassword(value))}
      />
    );
  else if (review.isError)
    body = (
      <Result
        status="error"
        title={<h1 className="review-page__result-title">{t('review:failed')}</h1>}
        subTitle={review.error.message}
        extra={<Button onClick={() => void review.refetch()}>{t('review:retry')}</Button>}
      />
    );
  else if (!review.data) body = <Skeleton active paragraph={{ rows: 8 }} className="review-page__loading" />;
  else
    body = (
      <>
        <header className="review-page__head">
          <p className="review-page__eyebrow">{t('review:eyebrow')}</p>
          <h1 className="review-page__title" data-testid="review-title">
            {review.data.name}
          </h1>
          <p className="review-page__intro">{t('review:intro')}</p>
        </header>
        <ReviewProjectView project={review.data} pass={pass} />
      </>
    );

  return (
    <div className="review-page" data-testid="review-page">
      {narrow && (
        <div className="review-page__settings" role="group" aria-label={t('review:settings')}>
          <SettingsSwitch />
        </div>
      )}
      {body}
    </div>
  );
}

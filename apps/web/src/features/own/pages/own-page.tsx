import { useState } from 'react';
import { Alert, Button, Result, Skeleton, Typography } from 'antd';
import { LoginOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/api-error.ts';
import { PATHS, loginPath } from '../../../shared/routes/paths.ts';
import { cachedProfile, useLoginStore } from '../../../shared/session/login-store.ts';
import { useUserHome } from '../api/get-user-home.ts';
import { FollowDrawer, type FollowTab } from '../components/follow-drawer.tsx';
import { OwnTabs } from '../components/own-tabs.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import './own-page.css';

function PageTitle() {
  const { t } = useTranslation('own');
  return (
    <Typography.Title level={1} className="own-page__title">
      {t('title')}
    </Typography.Title>
  );
}

/** A visitor asked for "my" home page: offer to log in or look around the community. */
function LoginPrompt() {
  const { t } = useTranslation('own');
  const navigate = useNavigate();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <section className="own-page" data-testid="own-login-prompt">
      <PageTitle />
      <Result
        icon={<LoginOutlined style={{ color: 'var(--brand)' }} />}
        title={t('loginPrompt.title')}
        subTitle={t('loginPrompt.body')}
        extra={[
          <Button key="login" type="primary" onClick={() => void navigate(loginPath(back))}>
            {t('loginPrompt.login')}
          </Button>,
          <Button key="community" onClick={() => void navigate(PATHS.community)}>
            {t('loginPrompt.community')}
          </Button>,
        ]}
      />
    </section>
  );
}

function NotFound() {
  const { t } = useTranslation('own');
  const navigate = useNavigate();
  return (
    <section className="own-page" data-testid="own-not-found">
      <PageTitle />
      <Result
        icon={<UserDeleteOutlined style={{ color: 'var(--ant-color-text-tertiary)' }} />}
        title={t('notFound.title')}
        subTitle={t('notFound.body')}
        extra={<Button onClick={() => void navigate(PATHS.community)}>{t('notFound.community')}</Button>}
      />
    </section>
  );
}

function UserHomeView({ userId }: { userId: string | undefined }) {
  const { t } = useTranslation('own');
  const [people, setPeople] = useState<FollowTab | null>(null);
  const loggedIn = useLoginStore((s) => s.loginState);
  const { data: home, isPending, isError, error, refetch } = useUserHome(userId);

  if (isPending) {
    return (
      <section className="own-page">
        <Skeleton active avatar={{ size: 96 }} paragraph={{ rows: 3 }} />
      </section>
    );
  }
  if (isError) {
    if (error instanceof ApiError && error.code === 'USER_NOT_FOUND') return <NotFound />;
    return (
      <section className="own-page">
        <PageTitle />
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          description={error.message}
          action={<Button onClick={() => void refetch()}>{t('retry')}</Button>}
        />
      </section>
    );
  }

  const viewerId = home.isSelf ? home.id : loggedIn ? (cachedProfile()?.id ?? null) : null;
  return (
    <section className="own-page" data-testid="own-page" data-user-id={home.id}>
      <ProfileHeader home={home} onOpenPeople={setPeople} />
      <OwnTabs userId={home.id} isSelf={home.isSelf} />
      <FollowDrawer
        userId={home.id}
        nickname={home.nickname}
        viewerId={viewerId}
        tab={people}
        onTab={setPeople}
        onClose={() => setPeople(null)}
      />
    </section>
  );
}

/** `/own`: a user's public home page (`?userId=`), or the logged-in user's own without it. */
export function OwnPage() {
  const [params] = useSearchParams();
  const loggedIn = useLoginStore((s) => s.loginState);
  const userId = params.get('userId') || undefined;
  if (!userId && !loggedIn) return <LoginPrompt />;
  // A new user id is a new page: its drawer and tabs start afresh.
  return <UserHomeView key={userId ?? 'me'} userId={userId} />;
}

import { useEffect, useRef, type ReactNode } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@turing/contract';
import { useUserInfo } from '../../../shared/api/get-user-info.ts';
import { useLoginStore } from '../../../shared/session/login-store.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { toastError } from '../../../shared/ui/toast-error.ts';
import { useBindWechat } from '../api/bind-wechat.ts';
import { AccountCard } from '../components/account-card.tsx';
import { BasicInfoForm } from '../components/basic-info-form.tsx';
import { PasswordForm } from '../components/password-form.tsx';

/** `extra`: cards other features add below the account's own (the app composes them). */
export function ProfilePage({ extra }: { extra?: ReactNode } = {}) {
  const { t } = useTranslation('user');
  const { data: profile } = useUserInfo();
  const queryClient = useQueryClient();
  const setProfile = useLoginStore((s) => s.setProfile);
  const [params, setParams] = useSearchParams();
  const bind = useBindWechat();
  const handled = useRef(false);

  const onSaved = (next: UserProfile) => {
    queryClient.setQueryData(['user', 'info'], next);
    setProfile(next);
  };

  // Back from WeChat: the server exchanged WeChat's code itself and handed this session a one-time
  // ticket (valid two minutes, useless in any other session), or says why it refused.
  useEffect(() => {
    const ticket = params.get('wechatTicket');
    const failed = params.get('sso') === 'error' ? params.get('code') : null;
    if (handled.current || (!ticket && !failed)) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (failed) toast.error(t(`errors:${failed}`, { defaultValue: t('account.wechatFailed') }));
    if (ticket) {
      bind.mutate(ticket, {
        onSuccess(next) {
          onSaved(next);
          toast.success(t('account.wechatDone'));
        },
        onError: toastError,
      });
    }
    // Runs after every render until the ticket has been handled once.
  });

  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 'var(--ant-font-size-heading-2)' }}>
        {t('common:routes.profile')}
      </Typography.Title>
      {!profile ? (
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Card title={t('basic.title')}>
            <BasicInfoForm key={profile.id} profile={profile} onSaved={onSaved} />
          </Card>
          <Card title={t('account.title')}>
            <AccountCard profile={profile} onChanged={onSaved} />
          </Card>
          <Card title={profile.hasPassword ? t('password.title') : t('password.setTitle')}>
            <PasswordForm hasPassword={profile.hasPassword} />
          </Card>
          {extra}
        </>
      )}
    </div>
  );
}

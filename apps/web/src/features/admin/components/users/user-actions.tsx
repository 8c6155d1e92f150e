import { useState } from 'react';
import { App, Button, Popconfirm } from 'antd';
import type { AdminUserDetail } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useSuspendUser } from '../../api/suspend-user.ts';
import { useUnsuspendUser } from '../../api/unsuspend-user.ts';
import { useCan } from '../../lib/use-can.ts';
import { GrantCubesModal } from './grant-cubes-modal.tsx';

/** What the operator's role may do to the account: grant cubes (finance), suspend or lift it (moderators). */
export function UserActions({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin-users');
  const { message } = App.useApp();
  const canGrant = useCan(['finance']);
  // Only an owner may suspend an operator's account (the server refuses the others too).
  const isOwner = useCan(['owner']);
  const canSuspend = useCan(['moderator']) && (isOwner || !detail.user.operatorRole);
  const suspend = useSuspendUser();
  const unsuspend = useUnsuspendUser();
  const [granting, setGranting] = useState(false);
  const { id, username, suspendedAt } = detail.user;
  const fail = (err: Error) => void message.error(err.message);

  return (
    <>
      {canGrant ? (
        <Button type="primary" onClick={() => setGranting(true)} data-testid="grant-open">
          {t('users.grant.button')}
        </Button>
      ) : null}
      {canSuspend && !suspendedAt ? (
        <Popconfirm
          title={t('users.suspend.confirm', { name: username })}
          okText={t('users.suspend.button')}
          okButtonProps={{ danger: true }}
          cancelText={t('users.suspend.cancel')}
          onConfirm={() =>
            suspend.mutateAsync(id).then(() => void message.success(t('users.suspend.done', { name: username })), fail)
          }
        >
          <Button danger loading={suspend.isPending} data-testid="user-suspend">
            {t('users.suspend.button')}
          </Button>
        </Popconfirm>
      ) : null}
      {canSuspend && suspendedAt ? (
        <Popconfirm
          title={t('users.suspend.liftConfirm', { name: username })}
          okText={t('users.suspend.lift')}
          cancelText={t('users.suspend.cancel')}
          onConfirm={() =>
            unsuspend
              .mutateAsync(id)
              .then(() => void message.success(t('users.suspend.lifted', { name: username })), fail)
          }
        >
          <Button loading={unsuspend.isPending} data-testid="user-unsuspend">
            {t('users.suspend.lift')}
          </Button>
        </Popconfirm>
      ) : null}
      {canGrant ? <GrantCubesModal open={granting} user={{ id, username }} onClose={() => setGranting(false)} /> : null}
    </>
  );
}

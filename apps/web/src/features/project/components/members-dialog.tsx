import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Skeleton, Tag } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { PROJECT_ROLES, type ProjectDetail, type ProjectRole } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '../../../shared/forms/zod-rule.ts';
import { ApiError } from '../../../shared/http/api-error.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { UserAvatar } from '../../../shared/ui/user-avatar/user-avatar.tsx';
import { useAddMember } from '../api/add-member.ts';
import { useMembers } from '../api/list-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useSetMemberRole } from '../api/set-member-role.ts';
import type { Abilities } from '../lib/access.ts';

const WHO_ERRORS = new Set(['MEMBER_USER_NOT_FOUND', 'MEMBER_IS_OWNER', 'MEMBER_LIMIT']);

interface Props {
  open: boolean;
  project: ProjectDetail;
  can: Abilities;
  onClose(): void;
  onLeave(): void;
}

/**
 * Who works on the project and what each role may do; the owner invites by e-mail or username,
 * changes roles and removes people, a member can leave.
 */
export function MembersDialog({ open, project, can, onClose, onLeave }: Props) {
  const { t } = useTranslation('project');
  const members = useMembers(open ? project.id : null);
  const add = useAddMember();
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const [form] = Form.useForm<{ who: string; role: ProjectRole }>();
  const roleOptions = PROJECT_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }));

  const invite = async (values: { who: string; role: ProjectRole }) => {
    try {
      const member = await add.mutateAsync({ projectId: project.id, who: values.who.trim(), role: values.role });
      toast.success(t('members.invited', { name: member.user.nickname }));
      form.setFieldsValue({ who: '' });
    } catch (err) {
      // Who cannot be added is said under the field the user typed them in.
      if (err instanceof ApiError && err.code && WHO_ERRORS.has(err.code))
        form.setFields([{ name: 'who', errors: [err.message] }]);
      else reportFormError(form, err, t, ['who', 'role']);
    }
  };

  return (
    <Modal open={open} title={t('members.title')} onCancel={onClose} footer={null} width={600} destroyOnHidden>
      <ul className="members__roles" aria-label={t('members.rolesLabel')}>
        {(['owner', ...PROJECT_ROLES] as const).map((r) => (
          <li key={r}>
            <strong>{t(`role.${r}`)}</strong> — {t(`members.can.${r}`)}
          </li>
        ))}
      </ul>
      {can.manageMembers && (
        <Form
          form={form}
          layout="inline"
          className="members__invite"
          initialValues={{ who: '', role: 'editor' }}
          onFinish={(v) => void invite(v)}
          requiredMark={false}
        >
          <Form.Item
            name="who"
            className="members__who"
            rules={[{ required: true, whitespace: true, message: t('members.whoRequired') }]}
          >
            <Input
              placeholder={t('members.who')}
              aria-label={t('members.who')}
              maxLength={254}
              autoComplete="off"
              data-testid="member-who"
            />
          </Form.Item>
          <Form.Item name="role">
            <Select
              options={roleOptions}
              aria-label={t('members.role')}
              style={{ width: 130 }}
              data-testid="member-role"
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<UserAddOutlined />}
              loading={add.isPending}
              data-testid="member-invite"
            >
              {t('members.invite')}
            </Button>
          </Form.Item>
        </Form>
      )}
      {members.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : members.isError && !members.data ? (
        <Alert type="error" showIcon title={t('members.loadFailed')} />
      ) : (
        <ul className="members__list" data-testid="member-list">
          <li className="members__row">
            <UserAvatar url={members.data.owner.avatarUrl} name={members.data.owner.nickname} size={32} />
            <span className="members__name">{members.data.owner.nickname}</span>
            <Tag color="green">{t('role.owner')}</Tag>
          </li>
          {members.data.members.map((m) => (
            <li key={m.user.id} className="members__row" data-testid="member" data-name={m.user.nickname}>
              <UserAvatar url={m.user.avatarUrl} name={m.user.nickname} size={32} />
              <span className="members__name">
                {m.user.nickname}
                {m.user.username && <span className="members__username">@{m.user.username}</span>}
              </span>
              {can.manageMembers ? (
                <>
                  <Select
                    value={m.role}
                    options={roleOptions}
                    onChange={(role) => setRole.mutate({ projectId: project.id, userId: m.user.id, role })}
                    aria-label={t('members.roleOf', { name: m.user.nickname })}
                    style={{ width: 130 }}
                  />
                  <Popconfirm
                    title={t('members.removeTitle', { name: m.user.nickname })}
                    description={t('members.removeBody')}
                    okText={t('members.remove')}
                    cancelText={t('cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync({ projectId: project.id, userId: m.user.id })}
                  >
                    <Button danger type="text">
                      {t('members.remove')}
                    </Button>
                  </Popconfirm>
                </>
              ) : (
                <Tag>{t(`role.${m.role}`)}</Tag>
              )}
            </li>
          ))}
          {members.data.members.length === 0 && <li className="members__none">{t('members.none')}</li>}
        </ul>
      )}
      {can.leave && (
        <div className="members__leave">
          <Button danger onClick={onLeave} data-testid="member-leave">
            {t('header.leave')}
          </Button>
        </div>
      )}
    </Modal>
  );
}

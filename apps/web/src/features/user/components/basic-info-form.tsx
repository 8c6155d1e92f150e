import { Button, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  GENDERS,
  LIMITS,
  OCCUPATIONS,
  nicknameField,
  signatureField,
  type UpdateInfoBody,
  type UserProfile,
} from '@turing/contract';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useUpdateInfo } from '../api/update-info.ts';
import { AvatarUploader } from './avatar-uploader.tsx';

export function BasicInfoForm({ profile, onSaved }: { profile: UserProfile; onSaved(p: UserProfile): void }) {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<UpdateInfoBody>();
  const update = useUpdateInfo();

  const save = (body: UpdateInfoBody) =>
    new Promise<UserProfile>((resolve, reject) =>
      update.mutate(body, {
        onSuccess(next) {
          onSaved(next);
          resolve(next);
        },
        onError: reject,
      }),
    );

  const onFinish = async (values: UpdateInfoBody) => {
    try {
      await save(values);
      toast.success(t('basic.saved'));
    } catch (err) {
      reportFormError(form, err, t, ['nickname', 'signature', 'gender', 'occupation']);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      initialValues={{
        nickname: profile.nickname,
        signature: profile.signature,
        gender: profile.gender,
        occupation: profile.occupation,
      }}
      style={{ maxWidth: 560 }}
      aria-label={t('basic.title')}
    >
      <Form.Item label={t('basic.avatar')}>
        <AvatarUploader url={profile.avatarUrl} onUploaded={(avatarUploadId) => save({ avatarUploadId })} />
      </Form.Item>
      <Form.Item name="nickname" label={t('basic.nickname')} rules={[zodRule(nicknameField, t)]}>
        <Input maxLength={LIMITS.nicknameMax} showCount />
      </Form.Item>
      <Form.Item name="signature" label={t('basic.signature')} rules={[zodRule(signatureField, t)]}>
        <Input.TextArea
          rows={3}
          maxLength={LIMITS.signatureMax}
          showCount
          placeholder={t('basic.signaturePlaceholder')}
        />
      </Form.Item>
      <Form.Item name="gender" label={t('basic.gender')}>
        <Radio.Group options={GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))} />
      </Form.Item>
      <Form.Item name="occupation" label={t('basic.occupation')}>
        <Select
          options={OCCUPATIONS.map((o) => ({ value: o, label: t(`auth:occupations.${o}`) }))}
          aria-label={t('basic.occupation')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('basic.save')}
      </Button>
    </Form>
  );
}

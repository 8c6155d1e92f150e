import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { PROJECT_LIMITS, viewNameField, type ProjectView } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import { useCreateView } from '../api/create-view.ts';
import { useUpdateView } from '../api/update-view.ts';

interface Props {
  projectId: string;
  /** 'new' adds a view; a view renames it; null closes the dialog. */
  target: 'new' | ProjectView | null;
  onClose(): void;
  onCreated?(view: ProjectView): void;
}

/** Names a new view or renames one. */
export function ViewNameModal({ projectId, target, onClose, onCreated }: Props) {
  const { t } = useTranslation('project');
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateView();
  const update = useUpdateView(projectId);
  const editing = target && target !== 'new' ? target : null;

  useEffect(() => {
    if (target) form.setFieldsValue({ name: editing?.name ?? '' });
  }, [target, editing, form]);

  const submit = async ({ name }: { name: string }) => {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, name });
      else onCreated?.(await create.mutateAsync({ projectId, name }));
      onClose();
    } catch (err) {
      reportFormError(form, err, t, ['name']);
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={editing ? t('views.renameTitle') : t('views.addTitle')}
      okText={t('form.save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item name="name" label={t('views.name')} rules={[zodRule(viewNameField, t)]}>
          <Input
            autoFocus
            maxLength={PROJECT_LIMITS.viewNameMax}
            showCount
            placeholder={t('views.namePlaceholder')}
            data-testid="view-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

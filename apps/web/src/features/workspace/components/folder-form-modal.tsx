import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { folderNameField, LIMITS, type Folder } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useCreateFolder } from '../api/create-folder.ts';
import { useRenameFolder } from '../api/rename-folder.ts';

interface Props {
  /** 'new' creates a folder; a folder renames it; null closes the dialog. */
  target: 'new' | Folder | null;
  onClose(): void;
  onCreated?(folder: Folder): void;
}

/** Names a new folder or renames one; an empty name is refused here and by the server. */
export function FolderFormModal({ target, onClose, onCreated }: Props) {
  const { t } = useTranslation('workspace');
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const editing = target && target !== 'new' ? target : null;

  useEffect(() => {
    if (target) form.setFieldsValue({ name: editing?.name ?? '' });
  }, [target, editing, form]);

  const submit = async ({ name }: { name: string }) => {
    try {
      if (editing) {
        await rename.mutateAsync({ id: editing.id, name });
        toast.success(t('folders.renamed'));
      } else {
        const folder = await create.mutateAsync(name);
        toast.success(t('folders.created'));
        onCreated?.(folder);
      }
      onClose();
    } catch (err) {
      reportFormError(form, err, t, ['name']);
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={editing ? t('folders.renameTitle') : t('folders.createTitle')}
      okText={t('folders.save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || rename.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item name="name" label={t('folders.name')} rules={[zodRule(folderNameField, t)]}>
          <Input
            autoFocus
            maxLength={LIMITS.folderNameMax}
            showCount
            placeholder={t('folders.namePlaceholder')}
            data-testid="folder-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

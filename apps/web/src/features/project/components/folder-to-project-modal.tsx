import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { PROJECT_LIMITS, projectNameField, viewNameField } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import { projectPath } from '../../../shared/routes/paths.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useProjectFromFolder } from '../api/project-from-folder.ts';

interface Props {
  /** The folder to turn into a project; null closes the dialog. */
  folder: { id: string; name: string } | null;
  onClose(): void;
}

/**
 * "Turn into a project": a project named after the folder, with one view holding the folder's
 * images (results keep what they were made from). The folder itself stays as it is.
 */
export function FolderToProjectModal({ folder, onClose }: Props) {
  const { t } = useTranslation('project');
  const [form] = Form.useForm<{ name: string; viewName: string }>();
  const convert = useProjectFromFolder();
  const navigate = useNavigate();

  useEffect(() => {
    if (folder)
      form.setFieldsValue({
        name: folder.name.slice(0, PROJECT_LIMITS.nameMax),
        viewName: t('fromFolder.viewDefault'),
      });
  }, [folder, form, t]);

  const submit = async (values: { name: string; viewName: string }) => {
    if (!folder) return;
    try {
      const project = await convert.mutateAsync({ folderId: folder.id, name: values.name, viewName: values.viewName });
      toast.success(t('fromFolder.done'));
      onClose();
      void navigate(projectPath(project.id));
    } catch (err) {
      reportFormError(form, err, t, ['name', 'viewName']);
    }
  };

  return (
    <Modal
      open={Boolean(folder)}
      title={t('fromFolder.title', { name: folder?.name ?? '' })}
      okText={t('fromFolder.ok')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={convert.isPending}
      destroyOnHidden
      forceRender
    >
      <p>{t('fromFolder.intro')}</p>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item name="name" label={t('form.name')} rules={[zodRule(projectNameField, t)]}>
          <Input maxLength={PROJECT_LIMITS.nameMax} showCount data-testid="from-folder-name" />
        </Form.Item>
        <Form.Item name="viewName" label={t('fromFolder.viewName')} rules={[zodRule(viewNameField, t)]}>
          <Input maxLength={PROJECT_LIMITS.viewNameMax} showCount data-testid="from-folder-view" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

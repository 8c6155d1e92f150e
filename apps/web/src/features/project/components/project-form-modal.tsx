import { useEffect } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PROJECT_LIMITS, projectNameField, viewNameField, type ProjectDetail } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useCreateProject } from '../api/create-project.ts';
import { useUpdateProject } from '../api/update-project.ts';
import './project-form.css';

interface Props {
  /** 'new' creates a project; a project edits its name and note; null closes the dialog. */
  target: 'new' | ProjectDetail | null;
  onClose(): void;
  onCreated?(project: ProjectDetail): void;
}

interface Values {
  name: string;
  note: string;
  views?: string[];
}

/** Starts a project (name, note, first views: suggestions to keep, edit or remove) or edits one. */
export function ProjectFormModal({ target, onClose, onCreated }: Props) {
  const { t } = useTranslation('project');
  const [form] = Form.useForm<Values>();
  const create = useCreateProject();
  const update = useUpdateProject();
  const editing = target && target !== 'new' ? target : null;

  useEffect(() => {
    if (!target) return;
    form.setFieldsValue(
      editing
        ? { name: editing.name, note: editing.note }
        : { name: '', note: '', views: [t('form.suggestStreet'), t('form.suggestLiving')] },
    );
  }, [target, editing, form, t]);

  const submit = async (values: Values) => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, name: values.name, note: values.note });
        toast.success(t('form.saved'));
      } else {
        const views = (values.views ?? []).map((v) => v.trim()).filter(Boolean);
        const project = await create.mutateAsync({ name: values.name, note: values.note, views });
        toast.success(t('form.created'));
        onCreated?.(project);
      }
      onClose();
    } catch (err) {
      reportFormError(form, err, t, ['name', 'note', 'views']);
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      okText={editing ? t('form.save') : t('form.create')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'project-form-ok' }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item name="name" label={t('form.name')} rules={[zodRule(projectNameField, t)]}>
          <Input
            autoFocus
            maxLength={PROJECT_LIMITS.nameMax}
            showCount
            placeholder={t('form.namePlaceholder')}
            data-testid="project-name-input"
          />
        </Form.Item>
        <Form.Item name="note" label={t('form.note')} extra={t('form.noteHint')}>
          <Input.TextArea
            maxLength={PROJECT_LIMITS.noteMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('form.notePlaceholder')}
            data-testid="project-note-input"
          />
        </Form.Item>
        {!editing && (
          <Form.List name="views">
            {(fields, { add, remove }) => (
              <fieldset className="project-form__views">
                <legend>{t('form.views')}</legend>
                <p className="project-form__hint">{t('form.viewsHint')}</p>
                {fields.map((field, i) => (
                  <div key={field.key} className="project-form__view">
                    <Form.Item
                      name={field.name}
                      rules={[zodRule(viewNameField, t)]}
                      className="project-form__view-input"
                    >
                      <Input
                        maxLength={PROJECT_LIMITS.viewNameMax}
                        aria-label={t('form.viewName', { n: i + 1 })}
                        data-testid="project-view-input"
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={t('form.removeView', { n: i + 1 })}
                      title={t('form.removeView', { n: i + 1 })}
                    />
                  </div>
                ))}
                {fields.length < PROJECT_LIMITS.viewsPerProject && (
                  <Button icon={<PlusOutlined />} onClick={() => add('')} data-testid="project-view-add">
                    {t('form.addView')}
                  </Button>
                )}
              </fieldset>
            )}
          </Form.List>
        )}
      </Form>
    </Modal>
  );
}

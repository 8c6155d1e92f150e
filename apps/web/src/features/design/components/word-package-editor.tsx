import { Button, Form, Input, Modal, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { LIMITS, wordPackageBody, type WordPackage } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useDeleteWordPackage } from '../api/delete-word-package.ts';
import { useSaveWordPackage } from '../api/save-word-package.ts';

interface Props {
  /** The package to edit; null creates one. */
  pkg: WordPackage | null;
  onClose(): void;
  onDeleted(id: string): void;
}

interface Values {
  name: string;
  positive: string;
  negative: string;
}

/** Creates, changes or deletes one of the user's word packages. */
export function WordPackageEditor({ pkg, onClose, onDeleted }: Props) {
  const { t } = useTranslation('design');
  const [form] = Form.useForm<Values>();
  const save = useSaveWordPackage();
  const remove = useDeleteWordPackage();

  const submit = (values: Values) =>
    save.mutate(
      { ...values, ...(pkg && { id: pkg.id }) },
      {
        onSuccess() {
          toast.success(t('packages.saved'));
          onClose();
        },
        onError: (err) => reportFormError(form, err, t, ['name', 'positive', 'negative']),
      },
    );

  return (
    <Modal
      open
      title={pkg ? t('packages.editTitle') : t('packages.createTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        pkg && (
          <Popconfirm
            key="delete"
            title={t('packages.deleteConfirm', { name: pkg.name })}
            okText={t('packages.delete')}
            cancelText={t('cancel')}
            onConfirm={() =>
              remove.mutate(pkg.id, {
                onSuccess() {
                  onDeleted(pkg.id);
                  toast.success(t('packages.deleted'));
                  onClose();
                },
              })
            }
          >
            <Button danger icon={<DeleteOutlined />} loading={remove.isPending} className="studio-modal-left">
              {t('packages.delete')}
            </Button>
          </Popconfirm>
        ),
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {t('packages.save')}
        </Button>,
      ]}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="word-package"
        initialValues={{ name: pkg?.name ?? '', positive: pkg?.positive ?? '', negative: pkg?.negative ?? '' }}
        onFinish={submit}
      >
        <Form.Item name="name" label={t('packages.name')} required rules={[zodRule(wordPackageBody.shape.name, t)]}>
          <Input count={{ show: true, max: LIMITS.wordPackageNameMax }} autoComplete="off" />
        </Form.Item>
        <Form.Item name="positive" label={t('packages.positive')} rules={[zodRule(wordPackageBody.shape.positive, t)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={{ show: true, max: LIMITS.promptMax }} />
        </Form.Item>
        <Form.Item name="negative" label={t('packages.negative')} rules={[zodRule(wordPackageBody.shape.negative, t)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={{ show: true, max: LIMITS.promptMax }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

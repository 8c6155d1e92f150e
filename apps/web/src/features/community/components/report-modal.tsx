import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, REPORT_REASONS } from '@turing/contract';
import { toast } from '../../../shared/ui/toast.ts';
import { useReportWork } from '../api/report-work.ts';

interface Values {
  reason: (typeof REPORT_REASONS)[number];
  details?: string;
}

/** Reports a work to the operators: a reason and optional details. */
export function ReportModal({ workId, open, onClose }: { workId: string; open: boolean; onClose(): void }) {
  const { t } = useTranslation('community');
  const [form] = Form.useForm<Values>();
  const report = useReportWork();
  const submit = (values: Values) =>
    report.mutate(
      { id: workId, reason: values.reason, details: values.details?.trim() ?? '' },
      {
        onSuccess: () => {
          toast.success(t('report.done'));
          form.resetFields();
          onClose();
        },
      },
    );
  return (
    <Modal
      open={open}
      title={t('report.title')}
      okText={t('report.submit')}
      cancelText={t('report.cancel')}
      okButtonProps={{ loading: report.isPending, htmlType: 'submit', form: 'report-form' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="report-form" form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="reason"
          label={t('report.reason')}
          rules={[{ required: true, message: t('report.reasonRequired') }]}
        >
          <Select
            data-testid="report-reason"
            options={REPORT_REASONS.map((r) => ({ value: r, label: t(`report.reasons.${r}`) }))}
          />
        </Form.Item>
        <Form.Item name="details" label={t('report.details')}>
          <Input.TextArea
            rows={4}
            maxLength={LIMITS.reportDetailsMax}
            showCount
            placeholder={t('report.detailsPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

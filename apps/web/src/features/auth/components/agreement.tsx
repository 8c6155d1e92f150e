import { useState } from 'react';
import { Button, Checkbox, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The required tick for the user agreement and privacy policy, each readable in a dialog. */
export function AgreementField() {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState<'terms' | 'privacy' | null>(null);
  return (
    <>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          { validator: async (_r, v) => (v ? undefined : Promise.reject(new Error(t('errors:AGREEMENT_REQUIRED')))) },
        ]}
      >
        <Checkbox>
          {t('agree.prefix')}{' '}
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen('terms')}>
            {t('agree.terms')}
          </Button>{' '}
          {t('agree.and')}{' '}
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen('privacy')}>
            {t('agree.privacy')}
          </Button>
        </Checkbox>
      </Form.Item>
      <Modal
        open={open !== null}
        title={open === 'privacy' ? t('agree.privacy') : t('agree.terms')}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>{t('agree.close')}</Button>}
      >
        <p style={{ lineHeight: 1.8 }}>{open === 'privacy' ? t('agree.privacyBody') : t('agree.termsBody')}</p>
      </Modal>
    </>
  );
}

import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The recovery codes, shown this once: copied or saved before the operator goes on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [saved, setSaved] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const save = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'turing-design-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        title={t('secondFactor.recoveryTitle')}
        description={t('secondFactor.recoveryHelp')}
      />
      <ul className="second-factor__codes" aria-label={t('secondFactor.recoveryTitle')}>
        {codes.map((c) => (
          <li key={c}>
            <Typography.Text code>{c}</Typography.Text>
          </li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void navigator.clipboard?.writeText(text)}>
          {t('secondFactor.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={save}>
          {t('secondFactor.download')}
        </Button>
      </Flex>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
        {t('secondFactor.saved')}
      </Checkbox>
      <Button type="primary" disabled={!saved} onClick={onDone}>
        {t('secondFactor.continue')}
      </Button>
    </Flex>
  );
}

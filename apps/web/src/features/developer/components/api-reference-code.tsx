import { useState } from 'react';
import { Button, Tabs } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';

/** A block of code with a copy button; it scrolls sideways rather than wrapping commands. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation('developer-api');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error(t('copy.failed'));
    }
  };
  return (
    <div className="api-ref__code">
      {/* Focusable so a keyboard can scroll a long line; named so a screen reader says what it is. */}
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <Button
        size="small"
        className="api-ref__copy"
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        aria-label={t('copy.label', { what: label })}
        onClick={() => void copy()}
      >
        {copied ? t('copy.done') : t('copy.action')}
      </Button>
    </div>
  );
}

/** The same call as curl and as TypeScript with the official client. */
export function ExampleTabs({ curl, ts, name }: { curl: string; ts: string; name: string }) {
  const { t } = useTranslation('developer-api');
  return (
    <Tabs
      size="small"
      className="api-ref__tabs"
      items={[
        { key: 'curl', label: 'curl', children: <CodeBlock code={curl} label={t('copy.curl', { name })} /> },
        { key: 'ts', label: 'TypeScript', children: <CodeBlock code={ts} label={t('copy.ts', { name })} /> },
      ]}
    />
  );
}

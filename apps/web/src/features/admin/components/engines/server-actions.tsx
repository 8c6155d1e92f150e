import { App, Button, Popconfirm } from 'antd';
import type { EngineServer } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useDrainEngineServer } from '../../api/drain-engine-server.ts';
import { useResumeEngineServer } from '../../api/resume-engine-server.ts';

/** Drain (maintenance) or resume one server, each after a confirmation. */
export function ServerActions({ server }: { server: EngineServer }) {
  const { t } = useTranslation('admin-engines');
  const { message } = App.useApp();
  const drain = useDrainEngineServer();
  const resume = useResumeEngineServer();
  const { url } = server;
  const drained = server.drainedBy !== undefined;
  const action = drained ? 'resume' : 'drain';
  const mutation = drained ? resume : drain;

  // A fresh confirmation per action: the one just answered may still be closing.
  return (
    <Popconfirm
      key={action}
      title={t(`engines.${action}.confirm`, { url })}
      okText={t(`engines.${action}.ok`)}
      cancelText={t('engines.cancel')}
      onConfirm={() =>
        mutation.mutateAsync(url).then(
          () => void message.success(t(`engines.${action}.done`, { url })),
          () => undefined,
        )
      }
    >
      <Button
        size="small"
        // Two Chinese characters get a space between them, which the name would then lack.
        autoInsertSpace={false}
        loading={mutation.isPending}
        aria-label={t(`engines.${action}.label`, { url })}
      >
        {t(`engines.${action}.button`)}
      </Button>
    </Popconfirm>
  );
}

import { useState } from 'react';
import { Button, Tour, Tooltip, type TourProps } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useGuide } from '../api/get-guide.ts';
import { useSetGuide } from '../api/set-guide.ts';
import type { StudioMode } from '../lib/studio-values.ts';

const GUIDE_KEY = 'design';
const target = (name: string) => () => document.querySelector<HTMLElement>(`[data-tour="${name}"]`)!;

/** The beginner guide: shown once (progress kept on the account), replayable from the help button. */
export function StudioTour({ mode }: { mode: StudioMode }) {
  const { t } = useTranslation('design');
  const guide = useGuide();
  const setGuide = useSetGuide();
  const [replay, setReplay] = useState(false);
  const [closed, setClosed] = useState(false);
  const firstVisit = guide.isSuccess && guide.data.progress[GUIDE_KEY] !== true;
  const open = replay || (firstVisit && !closed);

  const finish = () => {
    setReplay(false);
    setClosed(true);
    if (firstVisit) setGuide.mutate({ key: GUIDE_KEY, done: true });
  };

  const steps: TourProps['steps'] = [
    ...(mode === 'text'
      ? []
      : [{ title: t('tour.slots.title'), description: t('tour.slots.body'), target: target('slots') }]),
    { title: t('tour.params.title'), description: t('tour.params.body'), target: target('params') },
    { title: t('tour.generate.title'), description: t('tour.generate.body'), target: target('generate') },
    { title: t('tour.results.title'), description: t('tour.results.body'), target: target('results') },
  ];

  return (
    <>
      <Tooltip title={t('tour.replay')}>
        <Button icon={<QuestionCircleOutlined />} onClick={() => setReplay(true)} aria-label={t('tour.replay')}>
          {t('tour.help')}
        </Button>
      </Tooltip>
      {open && <Tour open steps={steps} onClose={finish} onFinish={finish} />}
    </>
  );
}

import { useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { LIMITS } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { readPromptHistory } from '../lib/prompt-history.ts';
import { Field } from './basic-options.tsx';

interface Props {
  prompt: string;
  negativePrompt: string;
  onChange(patch: { prompt?: string; negativePrompt?: string }): void;
}

function Counter({ length, id }: { length: number; id: string }) {
  const over = length > LIMITS.promptMax;
  return (
    <span id={id} className={over ? 'studio-counter studio-counter--over' : 'studio-counter'} aria-live="polite">
      {length} / {LIMITS.promptMax}
    </span>
  );
}

/** The custom text (with the user's recent prompts to pick from) and the negative prompt, each with a live count. */
export function PromptField({ prompt, negativePrompt, onChange }: Props) {
  const { t } = useTranslation('design');
  const [history, setHistory] = useState<string[]>([]);
  const promptOver = prompt.length > LIMITS.promptMax;
  const negativeOver = negativePrompt.length > LIMITS.promptMax;
  const options = history
    .filter((p) => p !== prompt && (!prompt || p.toLowerCase().includes(prompt.toLowerCase())))
    .map((p) => ({ value: p, label: <span className="studio-history-option">{p}</span> }));

  return (
    <>
      <Field
        label={t('form.prompt')}
        id="studio-prompt-label"
        extra={<Counter length={prompt.length} id="studio-prompt-count" />}
      >
        <AutoComplete
          value={prompt}
          options={
            options.length
              ? [
                  {
                    label: (
                      <span>
                        <HistoryOutlined /> {t('form.recentPrompts')}
                      </span>
                    ),
                    options,
                  },
                ]
              : []
          }
          onFocus={() => setHistory(readPromptHistory())}
          onChange={(value: string) => onChange({ prompt: value })}
          popupMatchSelectWidth
        >
          <Input.TextArea
            aria-labelledby="studio-prompt-label"
            aria-describedby="studio-prompt-count"
            aria-invalid={promptOver}
            status={promptOver ? 'error' : undefined}
            placeholder={t('form.promptPlaceholder')}
            autoSize={{ minRows: 3, maxRows: 8 }}
            data-testid="prompt-input"
          />
        </AutoComplete>
        {promptOver && (
          <div className="studio-field__error" role="alert">
            {t('errors:TEXT_TOO_LONG')}
          </div>
        )}
      </Field>
      <Field
        label={t('form.negativePrompt')}
        id="studio-negative-label"
        extra={<Counter length={negativePrompt.length} id="studio-negative-count" />}
      >
        <Input.TextArea
          aria-labelledby="studio-negative-label"
          aria-describedby="studio-negative-count"
          status={negativeOver ? 'error' : undefined}
          value={negativePrompt}
          placeholder={t('form.negativePlaceholder')}
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => onChange({ negativePrompt: e.target.value })}
        />
        {negativeOver && (
          <div className="studio-field__error" role="alert">
            {t('errors:TEXT_TOO_LONG')}
          </div>
        )}
      </Field>
    </>
  );
}

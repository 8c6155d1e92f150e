import { useState } from 'react';
import { AutoComplete, Input, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { LIMITS } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { readPromptHistory } from '../lib/prompt-history.ts';
import { Field } from './basic-options.tsx';
import { useChosenModel } from './model-picker.tsx';
import { PromptHelper, type PromptHelpContext } from './prompt-helper.tsx';

interface Props {
  prompt: string;
  negativePrompt: string;
  /** The chosen model: one that cannot use a negative prompt gets none. */
  model: string;
  onChange(patch: { prompt?: string; negativePrompt?: string }): void;
  /** What "Improve prompt" writes with (mode, type, model, tags); without it the field has no help. */
  improve?: Omit<PromptHelpContext, 'model'>;
}

function Counter({ length, id }: { length: number; id: string }) {
  const over = length > LIMITS.promptMax;
  return (
    <span id={id} className={over ? 'studio-counter studio-counter--over' : 'studio-counter'} aria-live="polite">
      {length} / {LIMITS.promptMax}
    </span>
  );
}

/**
 * The custom text (with the user's recent prompts to pick from) and the negative prompt, each with
 * a live count. A model that cannot use a negative prompt takes none: the field is off and says why
 * (a submit with one would be refused).
 */
export function PromptField({ prompt, negativePrompt, model, onChange, improve }: Props) {
  const { t, i18n } = useTranslation('design');
  const [history, setHistory] = useState<string[]>([]);
  const chosen = useChosenModel(model);
  const negativeless = chosen?.capabilities.negativePrompt === false;
  const negative = negativeless ? '' : negativePrompt;
  const promptOver = prompt.length > LIMITS.promptMax;
  const negativeOver = negative.length > LIMITS.promptMax;
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
        {improve && (
          <PromptHelper
            prompt={prompt}
            context={{ ...improve, model: chosen?.id }}
            onUse={(text) => onChange({ prompt: text })}
          />
        )}
      </Field>
      <Field
        label={t('form.negativePrompt')}
        id="studio-negative-label"
        extra={<Counter length={negative.length} id="studio-negative-count" />}
      >
        <Input.TextArea
          aria-labelledby="studio-negative-label"
          aria-describedby={negativeless ? 'studio-negative-count studio-negative-why' : 'studio-negative-count'}
          data-testid="negative-input"
          status={negativeOver ? 'error' : undefined}
          disabled={negativeless}
          value={negative}
          placeholder={t('form.negativePlaceholder')}
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => onChange({ negativePrompt: e.target.value })}
        />
        {negativeless && chosen && (
          <Typography.Text
            type="secondary"
            className="studio-field__note"
            id="studio-negative-why"
            data-testid="negative-why"
          >
            {t('modelPicker.negativeUnsupported', { name: chosen.name[i18n.language === 'zh' ? 'zh' : 'en'] })}
          </Typography.Text>
        )}
        {negativeOver && (
          <div className="studio-field__error" role="alert">
            {t('errors:TEXT_TOO_LONG')}
          </div>
        )}
      </Field>
    </>
  );
}

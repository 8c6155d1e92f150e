import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Input, Typography } from 'antd';
import { BulbOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import {
  LIMITS,
  PROMPT_HELP_TEXT_MAX,
  type DesignType,
  type ImprovedPrompt,
  type Model,
  type TaskMode,
} from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useImprovePrompt } from '../api/improve-prompt.ts';
import type { StudioValues } from '../lib/studio-values.ts';
import './prompt-helper.css';

/** What the form has chosen that the help writes with. */
export interface PromptHelpContext {
  mode: TaskMode;
  type: DesignType;
  /** The chosen model, once the model list has loaded (the server assumes the studio's default till then). */
  model?: Model;
  tags: StudioValues['tags'];
}

interface Props {
  /** The user's own text, improved as it is now. */
  prompt: string;
  context: PromptHelpContext;
  /** Puts the chosen version in the prompt field: only ever on the user's click. */
  onUse(text: string): void;
}

function Version({
  label,
  value,
  onChange,
  testId,
  areaRef,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
  areaRef?: React.Ref<TextAreaRef>;
}) {
  const id = useId();
  const over = value.length > LIMITS.promptMax;
  return (
    <div className="studio-field">
      <div className="studio-field__head">
        <span id={`${id}-label`} className="studio-field__label">
          {label}
        </span>
        <span
          id={`${id}-count`}
          className={over ? 'studio-counter studio-counter--over' : 'studio-counter'}
          aria-live="polite"
        >
          {value.length} / {LIMITS.promptMax}
        </span>
      </div>
      <Input.TextArea
        ref={areaRef}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-count`}
        aria-invalid={over}
        status={over ? 'error' : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
        data-testid={testId}
      />
    </div>
  );
}

/**
 * "Improve prompt" under the prompt field: the user's few words become a full prompt (with the
 * chosen style, and in English too where the model reads English only), shown in an editable area.
 * Nothing replaces the user's text until they click Use; Cancel or Escape leaves it as it was.
 */
export function PromptHelper({ prompt, context, onUse }: Props) {
  const { t } = useTranslation('design');
  const improve = useImprovePrompt();
  const [open, setOpen] = useState<{ draft: ImprovedPrompt; model: Model | undefined } | null>(null);
  // An answer is written for the model chosen when it was asked (whether it comes with an English
  // version depends on it): once another is chosen, the answer shown, or still on its way, is stale.
  if (open && open.model !== context.model) setOpen(null);
  const draft = open?.draft ?? null;
  const setDraft = (next: ImprovedPrompt) => setOpen({ draft: next, model: context.model });
  // Counts the answers shown: each new one takes the focus, edits to it do not.
  const [answers, setAnswers] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const areaRef = useRef<TextAreaRef>(null);
  const hintId = useId();
  const text = prompt.trim();
  const tooLong = text.length > PROMPT_HELP_TEXT_MAX;

  // A new answer is where the user's attention goes next.
  useEffect(() => {
    if (answers) areaRef.current?.focus();
  }, [answers]);

  const run = () => {
    const asked = context.model;
    improve.mutate(
      { text, mode: context.mode, type: context.type, model: asked, tags: context.tags, lang: 'auto' },
      {
        onSuccess: (answer) => {
          setOpen({ draft: answer, model: asked });
          setAnswers((n) => n + 1);
        },
      },
    );
  };
  const close = () => {
    setOpen(null);
    improve.reset();
    buttonRef.current?.focus();
  };
  const use = (value: string) => {
    onUse(value);
    close();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    }
  };
  const usable = (value: string) => Boolean(value.trim()) && value.length <= LIMITS.promptMax;

  return (
    <div className="prompt-helper">
      <div className="prompt-helper__bar">
        <Button
          ref={buttonRef}
          size="small"
          icon={<BulbOutlined />}
          loading={improve.isPending}
          disabled={!text || tooLong}
          aria-describedby={tooLong ? hintId : undefined}
          onClick={run}
          data-testid="improve-prompt"
        >
          {improve.isPending ? t('promptHelp.improving') : t('promptHelp.improve')}
        </Button>
        {tooLong && (
          <span id={hintId} className="prompt-helper__note">
            {t('promptHelp.tooLong', { max: PROMPT_HELP_TEXT_MAX })}
          </span>
        )}
      </div>
      {improve.isError && (
        <div className="studio-field__error" role="alert" data-testid="prompt-helper-error">
          {improve.error.message}
        </div>
      )}
      {draft && (
        <section
          className="prompt-helper__panel"
          aria-label={t('promptHelp.title')}
          onKeyDown={onKeyDown}
          data-testid="prompt-helper"
        >
          <Version
            label={t('promptHelp.title')}
            value={draft.prompt}
            onChange={(value) => setDraft({ ...draft, prompt: value })}
            testId="improved-prompt"
            areaRef={areaRef}
          />
          {draft.promptEn !== undefined && (
            <Version
              label={t('promptHelp.english')}
              value={draft.promptEn}
              onChange={(value) => setDraft({ ...draft, promptEn: value })}
              testId="improved-prompt-en"
            />
          )}
          <Typography.Text type="secondary" className="prompt-helper__note" data-testid="prompt-helper-source">
            {t(`promptHelp.source.${draft.source}`)}
            {draft.promptEn !== undefined && ` · ${t('promptHelp.englishHint')}`}
          </Typography.Text>
          {draft.notes?.map((note) => (
            <Typography.Text
              key={note}
              type="secondary"
              className="prompt-helper__note"
              data-testid="prompt-helper-note"
            >
              <InfoCircleOutlined aria-hidden /> {t(`promptHelp.notes.${note}`)}
            </Typography.Text>
          ))}
          <div className="prompt-helper__actions">
            <Button type="primary" size="small" disabled={!usable(draft.prompt)} onClick={() => use(draft.prompt)}>
              {t('promptHelp.use')}
            </Button>
            {draft.promptEn !== undefined && (
              <Button size="small" disabled={!usable(draft.promptEn)} onClick={() => use(draft.promptEn!)}>
                {t('promptHelp.useEnglish')}
              </Button>
            )}
            <Button size="small" onClick={close}>
              {t('promptHelp.cancel')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

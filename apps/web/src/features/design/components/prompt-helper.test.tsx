import { useState } from 'react';
import type { Model } from '@turing/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { MODEL_CATALOGUE } from '../../../test/render-studio.tsx';
import { PromptField } from './prompt-field.tsx';
import { PromptHelper } from './prompt-helper.tsx';

const IMPROVE = '/design/prompt/improve';
const tags = { style: ['modern'], material: [], function: ['villa'] };

/** The prompt field as the studio holds it: its text changes only through onChange. */
function Field({ initial }: { initial: string }) {
  const [prompt, setPrompt] = useState(initial);
  return (
    <PromptField
      prompt={prompt}
      negativePrompt=""
      model="architecture"
      onChange={(patch) => patch.prompt !== undefined && setPrompt(patch.prompt)}
      improve={{ mode: 'text', type: 'architectural', tags }}
    />
  );
}

const improveButton = () => screen.getByRole('button', { name: /Improve prompt/ });

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Improve prompt', () => {
  it('shows the improved text to edit, and replaces the prompt only when Use is clicked', async () => {
    const api = mockApi({
      '/design/models': { data: MODEL_CATALOGUE },
      [IMPROVE]: { data: { prompt: '建筑设计效果图，湖畔现代别墅', source: 'offline' } },
    });
    renderInApp(<Field initial="湖边 别墅" />);
    await userEvent.click(improveButton());

    const area = await screen.findByRole('textbox', { name: 'Improved prompt' });
    expect(area).toHaveValue('建筑设计效果图，湖畔现代别墅');
    await waitFor(() => expect(area).toHaveFocus());
    expect(api.to(IMPROVE)[0]!.body).toEqual({
      text: '湖边 别墅',
      mode: 'text',
      type: 'architectural',
      model: 'architecture',
      tags,
      lang: 'auto',
    });
    expect(screen.getByText('Composed from the tags and word packages')).toBeInTheDocument();
    // Nothing has replaced the user's own words yet.
    expect(screen.getByTestId('prompt-input')).toHaveValue('湖边 别墅');

    await userEvent.type(area, '，黄昏');
    await userEvent.click(screen.getByRole('button', { name: 'Use' }));
    expect(screen.getByTestId('prompt-input')).toHaveValue('建筑设计效果图，湖畔现代别墅，黄昏');
    expect(screen.queryByTestId('prompt-helper')).not.toBeInTheDocument();
    expect(improveButton()).toHaveFocus();
  });

  it('leaves the prompt as it was on Cancel and on Escape', async () => {
    mockApi({ [IMPROVE]: { data: { prompt: 'architectural visualization, villa', source: 'openai' } } });
    renderInApp(<Field initial="villa" />);
    await userEvent.click(improveButton());
    expect(await screen.findByText('Written by the language model (OpenAI)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('prompt-helper')).not.toBeInTheDocument();

    await userEvent.click(improveButton());
    await screen.findByRole('textbox', { name: 'Improved prompt' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('prompt-helper')).not.toBeInTheDocument();
    expect(screen.getByTestId('prompt-input')).toHaveValue('villa');
  });

  it('is off until there are words to improve', async () => {
    mockApi();
    renderInApp(<Field initial="  " />);
    expect(improveButton()).toBeDisabled();
  });

  it('offers the English version for a model that reads English only, with the notes, in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    mockApi({
      [IMPROVE]: {
        data: {
          prompt: '建筑设计效果图，湖边，别墅',
          promptEn: 'architectural visualization, private villa with garden',
          source: 'offline',
          notes: ['model_failed', 'partly_translated'],
        },
      },
    });
    const onUse = vi.fn();
    renderInApp(
      <PromptHelper prompt="湖边 别墅" context={{ mode: 'text', type: 'architectural', tags }} onUse={onUse} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /优化提示词/ }));
    expect(await screen.findByRole('textbox', { name: '英文版本' })).toHaveValue(
      'architectural visualization, private villa with garden',
    );
    expect(screen.getByText(/语言模型未能及时响应/)).toBeInTheDocument();
    expect(screen.getByText(/英文版本只包含能识别的词语/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '使用英文' }));
    expect(onUse).toHaveBeenCalledWith('architectural visualization, private villa with garden');
  });

  it('closes an answer written for another model once the model changes', async () => {
    // The English version comes only for a model that reads English only (not Wan).
    const api = mockApi({
      [IMPROVE]: (sent) => ({
        data:
          (sent as { model?: string }).model === 'wan'
            ? { prompt: '湖畔别墅', source: 'offline' }
            : { prompt: '湖畔别墅', promptEn: 'lakeside villa', source: 'offline' },
      }),
    });
    function Switcher() {
      const [model, setModel] = useState<Model>('architecture');
      return (
        <>
          <button type="button" onClick={() => setModel('wan')}>
            Choose Wan
          </button>
          <PromptHelper
            prompt="湖边 别墅"
            context={{ mode: 'text', type: 'architectural', model, tags }}
            onUse={vi.fn()}
          />
        </>
      );
    }
    renderInApp(<Switcher />);
    await userEvent.click(improveButton());
    expect(await screen.findByRole('textbox', { name: 'English version' })).toHaveValue('lakeside villa');

    await userEvent.click(screen.getByRole('button', { name: 'Choose Wan' }));
    expect(screen.queryByTestId('prompt-helper')).not.toBeInTheDocument();

    await userEvent.click(improveButton());
    expect(await screen.findByRole('textbox', { name: 'Improved prompt' })).toHaveValue('湖畔别墅');
    expect(screen.queryByRole('textbox', { name: 'English version' })).not.toBeInTheDocument();
    expect(api.to(IMPROVE).map((c) => (c.body as { model: string }).model)).toEqual(['architecture', 'wan']);
  });

  it('says why it could not help, in the words the server gives', async () => {
    mockApi({
      [IMPROVE]: { status: 429, code: 'RATE_LIMITED', msg: 'Too many requests, please try again in 42 s' },
    });
    const onUse = vi.fn();
    renderInApp(<PromptHelper prompt="villa" context={{ mode: 'text', type: 'architectural', tags }} onUse={onUse} />);
    await userEvent.click(improveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please try again in 42 s');
    expect(onUse).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tag } from '@turing/contract';
import { i18n } from '../../../../shared/i18n/i18n.ts';
import { mockApi, renderInApp } from '../../../../test/render-app.tsx';
import { DEFAULT_VALUES, fromTaskParams, toTaskParams } from '../../lib/studio-values.ts';
import { TagPicker } from '../tag-picker.tsx';
import { MaterialSwap } from './material-swap.tsx';
import { PresetCards } from './preset-cards.tsx';
import { RenderModePicker } from './render-mode-picker.tsx';
import { taskModeName } from './task-mode-name.ts';

const tag = (category: Tag['category'], slug: string, en: string, zh: string, prompt = slug): Tag => ({
  slug,
  category,
  label: { en, zh },
  prompt: { en: prompt, zh: `${zh}的提示词` },
  image: category === 'function' ? null : `/turing/design/preset/${category}/${slug}?v=1`,
});

const styles = [
  tag('style', 'modern', 'Modern', '现代'),
  tag('style', 'minimalist', 'Minimalist', '极简'),
  tag('style', 'industrial', 'Industrial', '工业风'),
  tag('style', 'japandi', 'Japandi', '日式侘寂'),
  tag('style', 'brutalist', 'Brutalist', '粗野主义'),
  tag('style', 'classical', 'Classical', '古典'),
  tag('style', 'art-deco', 'Art Deco', '装饰艺术'),
];
const materials = [
  tag('material', 'oak', 'Oak', '橡木', 'light oak wood'),
  tag('material', 'walnut', 'Walnut', '胡桃木', 'dark walnut wood'),
];
const tagList = (type: string) => ({
  data: {
    style: styles,
    material: materials,
    function:
      type === 'interior'
        ? [tag('function', 'kitchen', 'Kitchen', '厨房')]
        : [tag('function', 'office-tower', 'Office tower', '办公塔楼')],
  },
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('preset cards', () => {
  it('are checkboxes named in both languages, picked with the keyboard', async () => {
    const onToggle = vi.fn();
    renderInApp(<PresetCards label="Style" tags={styles} selected={['modern']} onToggle={onToggle} />);
    const group = screen.getByRole('group', { name: 'Style' });
    const modern = within(group).getByRole('checkbox', { name: 'Modern 现代' });
    expect(modern).toBeChecked();
    expect(group.querySelector('img')?.getAttribute('src')).toBe('/turing/design/preset/style/modern?v=1');
    await userEvent.tab();
    expect(modern).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(onToggle).toHaveBeenCalledWith('minimalist', true);
    await userEvent.click(modern);
    expect(onToggle).toHaveBeenCalledWith('modern', false);

    // Six first; the seventh after "Show all".
    expect(within(group).queryByRole('checkbox', { name: /Art Deco/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show all 7' }));
    expect(within(group).getByRole('checkbox', { name: /Art Deco/ })).toBeInTheDocument();
  });

  it('show a card chosen further down without asking, and stop at the limit', () => {
    renderInApp(
      <PresetCards label="Style" tags={styles} selected={['art-deco', 'modern']} max={2} onToggle={vi.fn()} />,
    );
    expect(screen.getByRole('checkbox', { name: /Art Deco/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Japandi/ })).toBeDisabled();
  });
});

describe('the tag picker', () => {
  it('shows styles and materials as cards and names the function tags by design type', async () => {
    mockApi({ '/design/tags': tagList('interior') });
    const onChange = vi.fn();
    renderInApp(
      <TagPicker type="interior" value={{ style: [], material: [], function: [] }} onChange={onChange} hide={[]} />,
    );
    expect(await screen.findByRole('group', { name: 'Room type' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Walnut 胡桃木' }));
    expect(onChange).toHaveBeenCalledWith({ style: [], material: ['walnut'], function: [] });
    cleanup();

    renderInApp(
      <TagPicker
        type="architectural"
        value={{ style: [], material: [], function: [] }}
        onChange={vi.fn()}
        hide={['material']}
      />,
    );
    expect(await screen.findByRole('group', { name: 'Building type' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Material' })).toBeNull();
    await act(() => i18n.changeLanguage('zh'));
    expect(await screen.findByRole('checkbox', { name: '现代 Modern' })).toBeInTheDocument();
  });

  it('shows room types as cards once an operator gave them pictures', async () => {
    const list = tagList('interior');
    list.data.function = [{ ...list.data.function[0]!, image: '/turing/design/preset/function/kitchen?v=2' }];
    mockApi({ '/design/tags': list });
    const onChange = vi.fn();
    renderInApp(<TagPicker type="interior" value={{ style: [], material: [], function: [] }} onChange={onChange} />);
    const kitchen = await screen.findByRole('checkbox', { name: 'Kitchen 厨房' });
    expect(kitchen.closest('label')?.querySelector('img')).toHaveAttribute(
      'src',
      '/turing/design/preset/function/kitchen?v=2',
    );
    await userEvent.click(kitchen);
    expect(onChange).toHaveBeenCalledWith({ style: [], material: [], function: ['kitchen'] });
  });
});

describe('the material swap', () => {
  it('makes the chosen material the task’s one material tag and says what it adds, in the user’s language', async () => {
    mockApi({ '/design/tags': tagList('interior') });
    const onChange = vi.fn();
    const value = { style: ['modern'], material: ['oak'], function: [] };
    renderInApp(<MaterialSwap type="interior" tags={value} onChange={onChange} />);
    const group = await screen.findByRole('radiogroup', { name: 'What the selected region becomes' });
    expect(within(group).getByRole('radio', { name: 'Oak 橡木' })).toBeChecked();
    expect(screen.getByText(/Adds to the prompt: light oak wood/)).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('radio', { name: 'Walnut 胡桃木' }));
    expect(onChange).toHaveBeenLastCalledWith({ tags: { ...value, material: ['walnut'] } });
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith({ tags: { ...value, material: [] } });
    await act(() => i18n.changeLanguage('zh'));
    expect(await screen.findByText(/加入提示词：橡木的提示词/)).toBeInTheDocument();
  });
});

describe('render modes', () => {
  it('offer neural render and image to image beside iteration, each setting its weights', async () => {
    const onChange = vi.fn();
    renderInApp(<RenderModePicker value={undefined} onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Render mode' });
    expect(within(group).getByRole('radio', { name: 'Iteration' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Neural render' }));
    expect(onChange).toHaveBeenLastCalledWith({ renderMode: 'neural', imageWeight: 0.25, controlStrength: 0.9 });
    await userEvent.click(within(group).getByRole('radio', { name: 'Image to image' }));
    expect(onChange).toHaveBeenLastCalledWith({ renderMode: 'img2img', imageWeight: 0.3, controlStrength: 0.6 });
  });

  it('name an iterate task by its render mode', () => {
    const t = i18n.getFixedT('en', 'design');
    expect(taskModeName(t, { mode: 'iterate', params: { renderMode: 'neural' } })).toBe('Neural render');
    expect(taskModeName(t, { mode: 'iterate', params: {} })).toBe(t('task.mode.iterate'));
  });
});

describe('the render mode in the task parameters', () => {
  it('goes with an iterate task, comes back with copied parameters, and is left off other modes', () => {
    const base = { id: '00000000-0000-4000-8000-000000000001', url: '/b.png', width: 300, height: 200 };
    const values = { ...DEFAULT_VALUES, renderMode: 'neural' as const, images: { base } };
    expect(toTaskParams('iterate', values)).toMatchObject({ renderMode: 'neural', baseImageId: base.id });
    expect(toTaskParams('edit', values)).not.toHaveProperty('renderMode');
    expect(toTaskParams('iterate', { ...values, renderMode: 'iterate' })).not.toHaveProperty('renderMode');
    expect(fromTaskParams({ mode: 'iterate', renderMode: 'img2img' }).renderMode).toBe('img2img');
    expect(fromTaskParams({ mode: 'iterate', renderMode: 'other' }).renderMode).toBeUndefined();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { STORAGE_KEYS, storage } from '../../../shared/storage/storage.ts';
import { chooseStudioProject, studioProjectFields } from '../../../shared/studio/studio-project.ts';
import { mockApi, renderInApp } from '../../../test/render-app.tsx';
import { detail, summary, uid, view } from '../test/project-fixtures.ts';
import { StudioProjectPicker } from './studio-project-picker.tsx';

const lake = detail({
  id: uid(201),
  name: 'Lake pavilion',
  style: {
    referenceImageId: null,
    words: 'warm timber',
    styleTags: [],
    materialTags: [],
    seedPolicy: 'free',
    seed: null,
  },
  views: [view(1, { name: 'Street elevation' }), view(2, { name: 'Living room' })],
});
const viewOnly = summary(2, { name: 'Somebody else’s', access: 'viewer' });

async function pick(user: ReturnType<typeof userEvent.setup>, name: string) {
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-dropdown .ant-select-item-option[title="${name}"]`);
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  await user.click(option);
}

function renderPicker(answers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    '/project/list': { data: { items: [summary(1, { id: lake.id, name: lake.name }), viewOnly], nextCursor: null } },
    '/project/get': { data: lake },
    ...answers,
  });
  renderInApp(
    <App>
      <StudioProjectPicker />
    </App>,
  );
  return api;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  storage.set(STORAGE_KEYS.userProfile, { id: uid(900), nickname: 'Ada' });
  chooseStudioProject(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  chooseStudioProject(null);
  storage.remove(STORAGE_KEYS.userProfile);
});

describe('the studio’s project picker', () => {
  it('works without a project until one is chosen, then tasks carry its first view', async () => {
    const user = userEvent.setup();
    renderPicker();
    const button = screen.getByTestId('studio-project');
    expect(button).toHaveAccessibleName('Project and view: No project');
    expect(studioProjectFields()).toEqual({});

    await user.click(button);
    await user.click(within(await screen.findByTestId('studio-project-panel')).getByRole('combobox'));
    // Only projects the user may generate in are offered.
    await waitFor(() =>
      expect(document.querySelector('.ant-select-item-option[title="Lake pavilion"]')).not.toBeNull(),
    );
    expect(document.querySelector('.ant-select-item-option[title="Somebody else’s"]')).toBeNull();
    await pick(user, 'Lake pavilion');
    await waitFor(() => expect(button).toHaveAccessibleName('Project and view: Lake pavilion · Street elevation'));
    expect(studioProjectFields()).toEqual({ projectId: lake.id, viewId: lake.views[0]!.id });

    await user.click(screen.getByTestId('studio-view-select').querySelector('input')!);
    await pick(user, 'Living room');
    await waitFor(() => expect(button).toHaveTextContent('Lake pavilion · Living room'));
    expect(studioProjectFields()).toEqual({ projectId: lake.id, viewId: lake.views[1]!.id });
  });

  it('shows the project style with a switch that turns it off for the next tasks', async () => {
    const user = userEvent.setup();
    chooseStudioProject({
      projectId: lake.id,
      projectName: lake.name,
      viewId: lake.views[0]!.id,
      viewName: 'Street elevation',
    });
    renderPicker();
    const chip = await screen.findByTestId('studio-project-style');
    expect(chip).toHaveTextContent('Project style');
    await user.click(within(chip).getByRole('switch', { name: 'Use the project style for the next tasks' }));
    expect(chip).toHaveTextContent('Project style off');
    expect(studioProjectFields()).toEqual({ projectId: lake.id, viewId: lake.views[0]!.id, projectStyle: false });
  });

  it('works in the project “New project…” makes, in the view the server gave it', async () => {
    const user = userEvent.setup();
    const made = detail({ id: uid(205), name: 'Harbour villa', views: [view(1, { id: uid(150), name: 'View 1' })] });
    const api = renderPicker({
      '/project/create': { data: made },
      '/project/get': (_body, url) => ({ data: url.searchParams.get('id') === made.id ? made : lake }),
    });
    const button = screen.getByTestId('studio-project');
    await user.click(button);
    await user.click(within(await screen.findByTestId('studio-project-panel')).getByRole('combobox'));
    await pick(user, 'New project…');
    await user.type(await screen.findByTestId('project-name-input'), 'Harbour villa');
    // Without the suggested views: the server makes the first one.
    for (const remove of screen.getAllByRole('button', { name: /Remove view/ })) await user.click(remove);
    await user.click(screen.getByTestId('project-form-ok'));
    await waitFor(() => expect(button).toHaveAccessibleName('Project and view: Harbour villa · View 1'));
    expect(api.to('/project/create')[0]!.body).toMatchObject({ name: 'Harbour villa', views: [] });
    expect(studioProjectFields()).toEqual({ projectId: made.id, viewId: uid(150) });
  });

  it('lets go of a project the user can no longer open', async () => {
    chooseStudioProject({
      projectId: lake.id,
      projectName: lake.name,
      viewId: lake.views[0]!.id,
      viewName: 'Street elevation',
    });
    renderPicker({ '/project/get': { status: 404, code: 'PROJECT_NOT_FOUND', msg: 'This project was not found' } });
    await waitFor(() => expect(screen.getByTestId('studio-project')).toHaveTextContent('No project'));
    expect(studioProjectFields()).toEqual({});
  });
});

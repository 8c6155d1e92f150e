import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { v1Routes } from '@turing/contract';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderInApp } from '../../../test/render-app.tsx';
import { ApiReferencePage } from '../pages/api-reference-page.tsx';
import { routeAnchor } from './api-reference-route.tsx';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const base = `${window.location.origin}/turing/v1`;

describe('API reference page', () => {
  it('has a section per route of the contract, with its scope, idempotency and a curl example against this server', () => {
    renderInApp(<ApiReferencePage />, { path: '/developers' });
    expect(screen.getByRole('heading', { level: 1, name: 'API reference' })).toBeInTheDocument();
    for (const [key, route] of Object.entries(v1Routes)) {
      const section = document.getElementById(routeAnchor(key))!;
      expect(section, key).not.toBeNull();
      expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent(`${route.method}${route.path}`);
      expect(within(section).getByText(route.scope)).toBeInTheDocument();
      expect(within(section).getByLabelText(`curl example of ${route.method} ${route.path}`)).toHaveTextContent(base);
    }
    const submit = document.getElementById(routeAnchor('taskCreate'))!;
    expect(within(submit).getByText('Required')).toBeInTheDocument();
    expect(within(submit).getByLabelText('curl example of POST /tasks')).toHaveTextContent(
      'Idempotency-Key: $(uuidgen)',
    );
    expect(screen.getByRole('link', { name: /OpenAPI 3.1/ })).toHaveAttribute('href', '/turing/v1/openapi.json');
  });

  it('shows the client example in its tab and copies it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInApp(<ApiReferencePage />, { path: '/developers' });
    const section = document.getElementById(routeAnchor('taskCreate'))!;
    await user.click(within(section).getByRole('tab', { name: 'TypeScript' }));
    const code = within(section).getByLabelText('TypeScript example of POST /tasks');
    expect(code).toHaveTextContent("import { createClient } from '@turing/client'");
    expect(code).toHaveTextContent('client.submitTask(');
    await user.click(within(section).getByRole('button', { name: 'Copy: TypeScript example of POST /tasks' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('client.waitForTask(task.id)'));
  });

  it('reads in Chinese', async () => {
    await i18n.changeLanguage('zh');
    renderInApp(<ApiReferencePage />, { path: '/developers' });
    expect(screen.getByRole('heading', { level: 1, name: 'API 参考' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '错误码' })).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { costAnswer as cost, renderStudio as renderPage, serveStudio } from './test-studio.tsx';

const serve = (answer = cost()) => serveStudio({ '/design/cost': answer });

const generate = () => screen.getByTestId('generate');
const prompt = () => screen.getByTestId('prompt-input');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the studio parameter panel', () => {
  it('keeps Generate disabled until text to image has a prompt or a tag, and says why', async () => {
    serve();
    renderPage('text');
    expect(await screen.findByText('Describe the design, or choose tags or a word package')).toBeInTheDocument();
    expect(generate()).toBeDisabled();

    await userEvent.click(await screen.findByText('modern'));
    expect(generate()).toBeEnabled();
    await userEvent.click(screen.getByText('modern'));
    expect(generate()).toBeDisabled();

    await userEvent.type(prompt(), 'A villa');
    expect(generate()).toBeEnabled();
    expect(screen.getByText('Ctrl + Enter to generate')).toBeInTheDocument();
  });

  it('counts the characters and refuses a text that is too long', async () => {
    serve();
    renderPage('text');
    fireEvent.change(prompt(), { target: { value: 'a'.repeat(1000) } });
    expect(screen.getByText('1000 / 1000')).toBeInTheDocument();
    expect(screen.queryByText('The text is too long')).not.toBeInTheDocument();
    expect(generate()).toBeEnabled();

    fireEvent.change(prompt(), { target: { value: 'a'.repeat(1001) } });
    expect(screen.getByText('1001 / 1000')).toBeInTheDocument();
    expect(screen.getAllByText('The text is too long').length).toBeGreaterThan(0);
    expect(generate()).toBeDisabled();
  });

  it('shows what a task costs and the balance, and asks for more cubes when they run short', async () => {
    const api = serve(cost({ cubes: 1, balance: 18 }));
    renderPage('text');
    const line = await screen.findByTestId('cost');
    await vi.waitFor(() => expect(line).toHaveTextContent('Uses 1 cube'));
    expect(line).toHaveTextContent('Balance: 18 cubes');
    expect(api.to('/design/cost')[0]!.body).toMatchObject({ quality: 'SD', count: 1 });

    cleanup();
    serve(cost({ cubes: 4, balance: 2, enough: false }));
    renderPage('text');
    fireEvent.change(prompt(), { target: { value: 'A villa' } });
    await vi.waitFor(() => expect(screen.getByTestId('cost')).toHaveTextContent('Uses 4 cubes'));
    expect(screen.getByText('Insufficient balance of times or duration')).toBeInTheDocument();
    expect(generate()).toBeDisabled();
  });

  it('says when a time plan covers the task', async () => {
    serve(cost({ cubes: 0, coveredByPlan: true, balance: 0 }));
    renderPage('text');
    await vi.waitFor(() => expect(screen.getByTestId('cost')).toHaveTextContent('Covered by your time plan'));
  });

  it('asks for a base image on iterative rendering and a region on step editing', async () => {
    serve();
    renderPage('iterate');
    expect(await screen.findByText('Upload a base image first')).toBeInTheDocument();
    expect(generate()).toBeDisabled();

    cleanup();
    serve();
    renderPage('edit', { base: { id: 'b1', url: '/files/b1.png', width: 800, height: 600 } });
    const hint = await screen.findByText('Partial edit requires a region selected in the original image', {
      selector: '#studio-generate-why',
    });
    expect(hint).toBeInTheDocument();
    expect(within(screen.getByTestId('slot-base')).getByRole('img', { name: 'Base image' })).toBeInTheDocument();
    expect(generate()).toBeDisabled();
  });
});

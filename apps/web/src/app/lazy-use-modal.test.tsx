import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useModal from './lazy-use-modal.tsx';

function DeleteButton({ onAnswer }: { onAnswer(ok: boolean): void }) {
  const [modal, holder] = useModal();
  return (
    <>
      {holder}
      <button
        type="button"
        onClick={() =>
          void modal.confirm({ title: 'Delete 2 images?', okText: 'Delete now' }).then(onAnswer, () => onAnswer(false))
        }
      >
        Delete
      </button>
    </>
  );
}

describe('the modal hook the build gives the app', () => {
  afterEach(cleanup);

  it('opens a dialog asked for before its code has arrived, and passes on the answer', async () => {
    const answers: boolean[] = [];
    const { container } = render(<DeleteButton onAnswer={(ok) => answers.push(ok)} />);
    await userEvent.click(within(container).getByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText('Delete 2 images?')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete now' }));
    await expect.poll(() => answers).toEqual([true]);
  });

  it('opens later dialogs at once with the loaded hook', async () => {
    const answers: boolean[] = [];
    const { container } = render(<DeleteButton onAnswer={(ok) => answers.push(ok)} />);
    await userEvent.click(within(container).getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(container).getByRole('button', { name: 'Delete' }));
    // The cancelled dialog may still be closing: at least the new one is there.
    expect((await screen.findAllByRole('button', { name: 'Delete now' })).length).toBeGreaterThan(0);
    await expect.poll(() => answers).toEqual([false]);
  });
});

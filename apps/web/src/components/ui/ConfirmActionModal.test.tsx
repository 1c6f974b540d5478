import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmActionModal } from './ConfirmActionModal.tsx';

const props = {
  title: 'Cancel order?',
  description: 'The escrow refunds the crypto side.',
  confirmText: 'Cancel order',
  cancelText: 'Keep it',
  variant: 'danger' as const,
};

describe('ConfirmActionModal', () => {
  it('is a labelled dialog with its texts, focus inside', () => {
    render(<ConfirmActionModal {...props} onConfirm={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Cancel order?' });
    expect(dialog).toHaveAccessibleDescription('The escrow refunds the crypto side.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    render(<ConfirmActionModal {...props} onConfirm={vi.fn()} onClose={onClose} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("shows 'Processing...' while the confirm runs, then closes", async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    render(<ConfirmActionModal {...props} onConfirm={onConfirm} onClose={onClose} />);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const busy = screen.getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeDisabled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();

    finish();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('stays open and usable when the confirm fails', async () => {
    const onClose = vi.fn();
    render(<ConfirmActionModal {...props} onConfirm={() => Promise.reject(new Error('Cancel failed.'))} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel calls onCancel then closes', async () => {
    const onCancel = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmActionModal {...props} onConfirm={vi.fn()} onCancel={onCancel} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps Tab inside the dialog', async () => {
    render(
      <>
        <button type="button">outside</button>
        <ConfirmActionModal {...props} onConfirm={vi.fn()} onClose={vi.fn()} />
      </>,
    );
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});

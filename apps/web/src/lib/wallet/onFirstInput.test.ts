import { describe, expect, it, vi } from 'vitest';
import { onFirstInput } from './onFirstInput.ts';

describe('onFirstInput', () => {
  it.each(['pointerdown', 'keydown', 'touchstart'])('runs the task once, on the first %s, and not before', (type) => {
    const task = vi.fn();
    onFirstInput(task);
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('focus'));
    expect(task).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(task).toHaveBeenCalledTimes(1);
    // Every listener went with the first input.
    for (const next of ['pointerdown', 'keydown', 'touchstart']) document.body.dispatchEvent(new Event(next, { bubbles: true }));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    const task = vi.fn();
    onFirstInput(task)();
    for (const type of ['pointerdown', 'keydown', 'touchstart']) document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(task).not.toHaveBeenCalled();
  });
});

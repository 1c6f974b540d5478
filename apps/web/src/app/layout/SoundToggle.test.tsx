import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SoundToggle } from './SoundToggle.tsx';

describe('SoundToggle', () => {
  afterEach(() => vi.restoreAllMocks());

  it('plays the bundled loop and pauses it', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    render(<SoundToggle />);

    await userEvent.click(screen.getByRole('button', { name: 'Play music' }));
    expect(play).toHaveBeenCalledOnce();
    const audio = play.mock.contexts[0] as HTMLAudioElement;
    expect(audio.src).toMatch(/jelly-loop.*\.ogg$/);
    expect(audio.loop).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Pause music' }));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play music' })).toBeInTheDocument();
  });

  it('stays on Play when the browser refuses to play', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('blocked', 'NotAllowedError'));
    render(<SoundToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Play music' }));
    expect(screen.getByRole('button', { name: 'Play music' })).toBeInTheDocument();
  });
});

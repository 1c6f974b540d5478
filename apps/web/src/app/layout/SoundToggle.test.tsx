import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBackgroundMusic } from '../../lib/sound/backgroundMusic.ts';
import { SoundToggle } from './SoundToggle.tsx';

/** Another control of the same player (the Settings page's switch). */
function OtherControl() {
  const { playing, toggle } = useBackgroundMusic();
  return (
    <button type="button" role="switch" aria-checked={playing} aria-label="Background music" onClick={toggle} />
  );
}

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

  it('is one player: another control sees and drives the same music', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    render(
      <>
        <SoundToggle />
        <OtherControl />
      </>,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Background music' }));
    expect(play).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Pause music' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Background music' })).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Pause music' }));
    expect(screen.getByRole('switch', { name: 'Background music' })).toHaveAttribute('aria-checked', 'false');
  });
});

import { useSyncExternalStore } from 'react';
/*
 * jelly-loop.ogg: a 24 s ambient loop (Cmaj7 → Am7 → Fmaj7 → G6), made with SoX 14.4:
 *   i=0; for ch in "130.81 329.63 392.00 493.88" "110.00 261.63 329.63 392.00" \
 *                  "87.31 261.63 349.23 440.00" "98.00 293.66 392.00 493.88"; do
 *     set -- $ch; i=$((i+1))
 *     sox -r 44100 -c 4 -n -c 1 c$i.wav synth 6 sine $1 sine $2 sine $3 sine $4 remix - \
 *       fade q 1.2 6 1.8 tremolo 0.3 20 gain -12
 *   done
 *   sox c1.wav c2.wav c3.wav c4.wav -C 5 -c 2 -r 32000 jelly-loop.ogg reverb 60 50 80 fade q 0.3 24 0.6 norm -3
 */
import musicUrl from '../../assets/jelly-loop.ogg';

/**
 * The app's one background-music player. The header's sound toggle and the Settings page both drive it, so they
 * always agree on whether music plays. The audio file loads only when first played.
 */
let audio: HTMLAudioElement | null = null;
let playing = false;
const listeners = new Set<() => void>();

function setPlaying(next: boolean): void {
  if (playing === next) return;
  playing = next;
  for (const listener of listeners) listener();
}

function player(): HTMLAudioElement {
  if (!audio) {
    audio = new Audio(musicUrl);
    audio.loop = true;
    audio.volume = 0.35;
    audio.addEventListener('pause', () => setPlaying(false));
    audio.addEventListener('play', () => setPlaying(true));
  }
  return audio;
}

export function isMusicPlaying(): boolean {
  return playing;
}

export function pauseMusic(): void {
  audio?.pause();
  setPlaying(false);
}

/** Plays or pauses; a refused play (autoplay blocked, no audio output) stays paused. */
export async function toggleMusic(): Promise<void> {
  if (playing) {
    pauseMusic();
    return;
  }
  try {
    await player().play();
    setPlaying(true);
  } catch {
    setPlaying(false);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the music plays, and the toggle. */
export function useBackgroundMusic(): { playing: boolean; toggle: () => void } {
  const current = useSyncExternalStore(subscribe, isMusicPlaying, isMusicPlaying);
  return { playing: current, toggle: () => void toggleMusic() };
}

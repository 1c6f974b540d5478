import { useEffect, useRef, useState } from 'react';
import { MusicOffIcon, MusicOnIcon } from '../../components/ui/icons.tsx';
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
import styles from './Header.module.css';

/** Plays or pauses the background music (loaded only when first played). */
export function SoundToggle() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => () => audioRef.current?.pause(), []);

  const toggle = async () => {
    if (playing) {
      audioRef.current?.pause();
      setPlaying(false);
      return;
    }
    if (!audioRef.current) {
      const audio = new Audio(musicUrl);
      audio.loop = true;
      audio.volume = 0.35;
      audio.addEventListener('pause', () => setPlaying(false));
      audio.addEventListener('play', () => setPlaying(true));
      audioRef.current = audio;
    }
    try {
      await audioRef.current.play();
      setPlaying(true);
    } catch {
      // autoplay blocked or no audio output: stay paused
      setPlaying(false);
    }
  };

  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={playing ? 'Pause music' : 'Play music'}
      onClick={() => void toggle()}
    >
      {playing ? <MusicOnIcon /> : <MusicOffIcon />}
    </button>
  );
}

import { MusicOffIcon, MusicOnIcon } from '../../components/ui/icons.tsx';
import { useBackgroundMusic } from '../../lib/sound/backgroundMusic.ts';
import styles from './Header.module.css';

/** Plays or pauses the background music (the same player the Settings page drives). */
export function SoundToggle() {
  const { playing, toggle } = useBackgroundMusic();
  return (
    <button type="button" className={styles.iconButton} aria-label={playing ? 'Pause music' : 'Play music'} onClick={toggle}>
      {playing ? <MusicOnIcon /> : <MusicOffIcon />}
    </button>
  );
}

import { ATTACHMENT_ACCEPT } from '@jelly/domain';
import { useRef, type KeyboardEvent } from 'react';
import styles from './DealChat.module.css';

export interface ChatComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  onSend: () => void;
  onFile: (file: File) => void;
  disabled: boolean;
}

/** The message input (Enter sends, Shift+Enter starts a new line), the attach button and Send. */
export function ChatComposer({ text, onTextChange, onSend, onFile, disabled }: ChatComposerProps) {
  const fileInput = useRef<HTMLInputElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSend();
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <button
        type="button"
        className={styles.attach}
        aria-label="Attach file"
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z"
          />
        </svg>
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        hidden
        data-testid="chat-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <textarea
        className={styles.input}
        aria-label="Message"
        placeholder={disabled ? 'This chat is closed' : 'Type a message…'}
        rows={1}
        value={text}
        disabled={disabled}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className={styles.send} disabled={disabled}>
        Send
      </button>
    </form>
  );
}

import type { ChatMessage } from '@jelly/contracts';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { groupMessagesByDay } from '../model/groupMessages.ts';
import { MessageItem } from './MessageItem.tsx';
import styles from './DealChat.module.css';

/** Pixels from the bottom within which the list follows new messages. */
const FOLLOW_THRESHOLD_PX = 80;

/** The messages grouped by day; keeps the newest in view while the reader is at the bottom. */
export function MessageList({ messages, myWallet, loading }: { messages: ChatMessage[]; myWallet: string | null; loading: boolean }) {
  const days = useMemo(() => groupMessagesByDay(messages), [messages]);
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  return (
    <div ref={scroller} className={styles.scroller}>
      {messages.length === 0 ? (
        <p className={styles.empty}>{loading ? 'Loading messages…' : 'No messages yet. Say hello to your counterparty.'}</p>
      ) : (
        <ol className={styles.days} aria-label="Messages" role="log">
          {days.map((day) => (
            <li key={day.key} className={styles.day} data-testid="chat-day">
              <h3 className={styles.dayLabel}>{day.label}</h3>
              <ol className={styles.messages}>
                {day.messages.map((message) => (
                  <MessageItem key={message.id} message={message} myWallet={myWallet} />
                ))}
              </ol>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

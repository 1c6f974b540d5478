import { isToastSwipeDismiss } from '../../lib/ui/layout.ts';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { formatLocalDateTime } from '../../lib/time/formatLocalDateTime.ts';
import { selectToasts, toastDismissed, toastDuration, type Toast } from '../../lib/toasts/toastsSlice.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import styles from './Toasts.module.css';

/** Toasts, top-right over the header band: timed, click or swipe (> 100px) to dismiss. */
export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  return (
    <section className={styles.region} aria-label="Messages">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ pointerId: number; startX: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const dismiss = () => dispatch(toastDismissed(toast.id));

  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), toastDuration(toast.kind));
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.kind]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { pointerId: event.pointerId, startX: event.clientX, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    if (Math.abs(dx) > 4) current.moved = true;
    setOffset(dx);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    if (!current) return;
    const dx = event.clientX - current.startX;
    if (isToastSwipeDismiss(dx)) dismiss();
    else setOffset(0);
    // A drag that did not go far enough is not a click.
    suppressClick.current = current.moved;
  };

  const time = toast.kind === 'notification' ? formatLocalDateTime(toast.createdAt) : null;
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      tabIndex={0}
      className={`${styles.toast} ${toast.kind === 'default' ? '' : styles[toast.kind]}`}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / 200) } : undefined}
      title="Dismiss"
      onClick={() => {
        if (suppressClick.current) suppressClick.current = false;
        else dismiss();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'Escape') {
          event.preventDefault();
          dismiss();
        }
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setOffset(0);
      }}
    >
      <div className={styles.body}>
        {toast.title && <p className={styles.title}>{toast.title}</p>}
        <p className={styles.message}>{toast.message}</p>
        {time && (
          <time className={styles.time} dateTime={toast.createdAt}>
            {time}
          </time>
        )}
      </div>
    </div>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left as 'mm:ss', or 'h:mm:ss' from one hour up; '00:00' once the time has passed. */
export function formatTimeLeft(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

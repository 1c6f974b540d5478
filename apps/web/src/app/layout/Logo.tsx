import { useId } from 'react';

export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c084fc" />
          <stop offset="1" stopColor="#f472b6" />
        </linearGradient>
      </defs>
      <path
        d="M12 30c0-11 9-20 20-20s20 9 20 20v16c0 3-2 5-4 5s-3-2-5-2-3 2-5 2-3-2-6-2-3 2-5 2-3-2-5-2-4 2-6 2-4-2-4-5z"
        fill={`url(#${gradientId})`}
      />
      <circle cx="25" cy="30" r="3.5" fill="#1e1036" />
      <circle cx="39" cy="30" r="3.5" fill="#1e1036" />
    </svg>
  );
}

import { SITE } from '../../config/site';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1b1714" />
      <path
        d="M46 14C28 14 16 25 16 40c0 4 1 7 3 10 2-10 8-19 19-25-9 7-14 15-16 26 3 1 6 2 9 2 15 0 23-14 15-39z"
        fill="#e08a4f"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__name">{SITE.name}</span>
    </span>
  );
}

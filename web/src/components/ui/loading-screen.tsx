import { MESSAGES } from '@shop/shared';

export function LoadingScreen({ label = MESSAGES.loading }: { label?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="loading-screen__spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

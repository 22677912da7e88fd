export interface QueryErrorProps {
  title: string;
  error: Error;
  onRetry: () => void;
}

/** A failed load inside a page: says what failed and offers another try. */
export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  return (
    <div className="callout callout--error" role="alert">
      <p>
        <strong>{title}</strong> {error.message}
      </p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

import { useState, type ReactNode } from 'react';

/** One check's outcome, announced to screen readers as it arrives. */
export type CheckState =
  { kind: 'idle' } | { kind: 'running' } | { kind: 'ok'; text: string } | { kind: 'failed'; text: string };

export function CheckResult({ state, testId }: { state: CheckState; testId?: string }) {
  return (
    <div role="status" aria-live="polite" data-testid={testId}>
      {state.kind === 'running' && <p className="check-result">Running...</p>}
      {state.kind === 'ok' && <p className="check-result check-result--ok">✓ {state.text}</p>}
      {state.kind === 'failed' && <p className="check-result check-result--bad">✗ {state.text}</p>}
    </div>
  );
}

export async function runCheck(set: (s: CheckState) => void, run: () => Promise<string>): Promise<void> {
  set({ kind: 'running' });
  try {
    set({ kind: 'ok', text: await run() });
  } catch (e) {
    set({ kind: 'failed', text: (e as Error).message || String(e) });
  }
}

/** A titled card with one button that runs a check and shows its outcome; the children describe the check. */
export function CheckCard(props: {
  id: string;
  title: string;
  buttonLabel: string;
  run: () => Promise<string>;
  children: ReactNode;
}) {
  const [state, setState] = useState<CheckState>({ kind: 'idle' });
  return (
    <section className="card" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      <p>{props.children}</p>
      <div className="dev-actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => void runCheck(setState, props.run)}
        >
          {props.buttonLabel}
        </button>
      </div>
      <CheckResult state={state} testId={`${props.id}-result`} />
    </section>
  );
}

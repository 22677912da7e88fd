/** One check's outcome, announced to screen readers as it arrives. */
export type CheckState = { kind: 'idle' } | { kind: 'running' } | { kind: 'ok'; text: string } | { kind: 'failed'; text: string };

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

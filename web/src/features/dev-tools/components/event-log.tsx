import { useCallback, useState } from 'react';

export interface LogEntry {
  at: Date;
  text: string;
}

const MAX_ENTRIES = 100;

/** A rolling log of what a listener did, newest last. */
export function useEventLog() {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const log = useCallback(
    (text: string) => setEntries((list) => [...list.slice(-(MAX_ENTRIES - 1)), { at: new Date(), text }]),
    [],
  );
  const clear = useCallback(() => setEntries([]), []);
  return { entries, log, clear };
}

export function EventLog({ entries, label, testId }: { entries: LogEntry[]; label: string; testId?: string }) {
  return (
    <ol className="event-log" aria-label={label} aria-live="polite" data-testid={testId}>
      {entries.length === 0 && <li>Nothing yet.</li>}
      {entries.map((entry, i) => (
        <li key={i}>
          <time dateTime={entry.at.toISOString()}>{entry.at.toLocaleTimeString('en-GB')}</time>
          {entry.text}
        </li>
      ))}
    </ol>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { pagePace } from '../../lib/pace/ask';
import { refreshHistoryStates, type Connection, type StatesChecked } from '../../lib/push-lists/loaders';

export type RefreshStatus = { name: 'idle' } | { name: 'checking' } | ({ name: 'checked' } & StatesChecked);

/**
 * With a token, opening the page asks the server's lists for the current state of this
 * browser's pushes once, so "This browser" shows what the server says now, not what it said
 * when the push was made. `onChecked` runs when the history holds the new states, also those
 * learned before a failure ended the check.
 */
export function useStateRefresh(connection: Connection | null | undefined, onChecked: () => void): RefreshStatus {
  const [status, setStatus] = useState<RefreshStatus>({ name: 'idle' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks the server once per connection; `onChecked` is the caller's callback, a new function each render, and must not start another check
  useEffect(() => {
    if (!connection?.token) return;
    let current = true;
    setStatus({ name: 'checking' });
    // Third in the instance's pace, after a lockdown and the person's own actions (lib/pace/).
    void refreshHistoryStates({ ...connection, pace: pagePace(connection.baseUrl, 'check') }).then((checked) => {
      if (!current) return;
      setStatus({ name: 'checked', ...checked });
      onChecked();
    });
    return () => {
      current = false;
    };
  }, [connection]);
  return status;
}

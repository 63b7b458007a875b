import { useEffect, useState } from 'preact/hooks';
import { get, isReport, type Params } from './api';

export interface Loaded<T> {
  data?: T;
  error?: string;
  loading: boolean;
}

/**
 * Loads an API path and reloads it when `deps` change; with `pollStamp` (a run still being written), polls
 * the stamp every 2 s and reloads when it moves.
 */
export function useApi<T>(
  path: string | undefined,
  params: Params = {},
  pollStamp?: string,
): Loaded<T> & { version: number } {
  const [state, setState] = useState<Loaded<T>>({ loading: true });
  const [version, setVersion] = useState(0);
  const key = `${path}?${JSON.stringify(params)}`;
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    get<T>(path, params).then(
      (data) => live && setState({ data, loading: false }),
      (e: Error) => live && setState({ error: e.message, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [key, version]);
  // the loaded answer's own stamp (a run overview has bytes and status) is what the poll compares with
  const seen = (state.data as { bytes?: unknown; status?: unknown } | undefined) ?? {};
  const seenStamp = `${String(seen.bytes)}:${String(seen.status)}`;
  useEffect(() => {
    if (!pollStamp || isReport || state.data === undefined) return;
    const timer = setInterval(() => {
      get<{ bytes: number; status: string }>(pollStamp).then(
        (s) => {
          if (`${s.bytes}:${s.status}` !== seenStamp) setVersion((v) => v + 1);
        },
        () => undefined,
      );
    }, 2000);
    return () => clearInterval(timer);
  }, [pollStamp, seenStamp]);
  return { ...state, version };
}

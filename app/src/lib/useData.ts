// The one way a screen loads data after hydration: loading, error and data for a key (an API path,
// or any string naming what is loaded), dropped answers when the key changes or the screen goes,
// and refetch. Effects never run in the server render, so the server HTML is the loading state.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiFailure } from "./api/failure";

export interface DataState<T> {
  /** What the state is about; null: nothing to load (yet). */
  key: string | null;
  data: T | null;
  error: ApiFailure | null;
  loading: boolean;
}

export interface Data<T> extends Omit<DataState<T>, "key"> {
  /** Loads the same key again; its data stays on screen meanwhile. */
  refetch: () => void;
}

/** The state before anything answered for `key`. */
export const initialData = <T>(key: string | null): DataState<T> => ({ key, data: null, error: null, loading: key !== null });

/** A load of `key` starts: a refetch keeps what the key showed, another key starts empty. */
export const loadStarted = <T>(s: DataState<T>, key: string): DataState<T> =>
  s.key === key ? { ...s, error: null, loading: true } : initialData<T>(key);

/**
 * The load of `key` answered; an answer for a key the state has moved on from is dropped. A
 * failure clears the data: screens show the error, not a copy that may be out of date.
 */
export function loadSettled<T>(s: DataState<T>, key: string, result: { data: T } | { error: unknown }): DataState<T> {
  if (s.key !== key) return s;
  if ("data" in result) return { key, data: result.data, error: null, loading: false };
  const error = result.error instanceof ApiFailure ? result.error : new ApiFailure(0, "");
  return { key, data: null, error, loading: false };
}

/**
 * Runs `load(key, signal)` after hydration and whenever `key` changes; `null` waits. The signal
 * aborts when the key changes or the screen unmounts (pass it to fetch where possible); answers
 * after that are dropped either way. `load` may change every render: only `key` starts a load.
 * `initial`: what the server rendered (a personal page's loader, from the session cookie), shown
 * while nothing has answered yet, also while `key` waits for the session to be read.
 */
export function useData<T>(
  key: string | null,
  load: (key: string, signal: AbortSignal) => Promise<T>,
  initial?: T | null,
): Data<T> {
  const [state, setState] = useState<DataState<T>>(() => initialData<T>(key));
  const fromServer = useRef(initial ?? null);
  const [round, setRound] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    if (key === null) {
      setState(initialData<T>(null));
      return;
    }
    const ctrl = new AbortController();
    setState((s) => loadStarted(s, key));
    loader.current(key, ctrl.signal).then(
      (data) => {
        if (ctrl.signal.aborted) return;
        fromServer.current = null;
        setState((s) => loadSettled(s, key, { data }));
      },
      (error: unknown) => {
        if (ctrl.signal.aborted) return;
        fromServer.current = null;
        setState((s) => loadSettled(s, key, { error }));
      },
    );
    return () => ctrl.abort();
  }, [key, round]);
  const refetch = useCallback(() => setRound((n) => n + 1), []);
  // Until the effect has run for a new key, nothing of the old key's answer shows.
  const shown = state.key === key ? state : initialData<T>(key);
  return { data: shown.data ?? fromServer.current, error: shown.error, loading: shown.loading, refetch };
}

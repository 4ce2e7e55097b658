import { createContext, useContext, useEffect, useRef } from 'react';

/** Pending debounced values; Continue and submit flush them all first so no keystroke is lost (CONTRACT §6). */
export type FlushRegistry = {
  register: (flush: () => void) => () => void;
  flushAll: () => void;
};

export function createFlushRegistry(): FlushRegistry {
  const flushes = new Set<() => void>();
  return {
    register(flush) {
      flushes.add(flush);
      return () => flushes.delete(flush);
    },
    flushAll() {
      flushes.forEach((flush) => flush());
    },
  };
}

export const FlushContext = createContext<FlushRegistry | null>(null);

/** Registers a flush function for as long as the component is mounted, always calling its latest version. */
export function useRegisterFlush(flush: () => void): void {
  const registry = useContext(FlushContext);
  const latest = useRef(flush);
  latest.current = flush;
  useEffect(() => registry?.register(() => latest.current()), [registry]);
}

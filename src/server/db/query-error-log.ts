import type { LogEvent } from 'kysely';

/** Kysely's log, reaching whoever listens for failed queries. */
export function queryErrorLog() {
  const listeners: Array<(error: unknown) => void> = [];
  return {
    log: (event: LogEvent) => {
      if (event.level === 'error')
        for (const listener of listeners) listener(event.error);
    },
    onQueryError: (listener: (error: unknown) => void) => {
      listeners.push(listener);
    },
  };
}

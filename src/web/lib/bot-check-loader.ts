import type { BotCheck } from './bot-check.ts';

/**
 * The bot check's code and its solving, loaded only once a form that turns it on is started (or
 * the server asks for it): forms without it never download it, and the first page never does.
 */
export function createBotCheckLoader() {
  let loading: Promise<BotCheck> | null = null;
  const start = () => {
    loading ??= import('./bot-check.ts').then((module) =>
      module.startBotCheck(),
    );
    // A failed download is tried again at the next Send.
    loading.catch(() => (loading = null));
    return loading;
  };
  return {
    start,
    /** Whether the check was started: by the form, or by a server that asked for it since. */
    isStarted: () => loading !== null,
    /** The `Bot-Check` header's value, or null when the check could not be done. */
    answer: () =>
      start()
        .then((check) => check.answer())
        .catch(() => null),
    renew: () =>
      void start()
        .then((check) => check.renew())
        .catch(() => undefined),
  };
}

import { useCallback, useEffect, useState } from 'react';
import { api } from '#review/lib/api.ts';
import { exactTime } from '#review/lib/format.ts';
import {
  OutcomeMessage,
  useActionOutcome,
} from '#review/lib/outcome-message.tsx';

type FailedMessage = {
  id: string;
  channel: 'email' | 'webhook';
  purpose: string;
  recipient: string;
  subject: string | null;
  attempts: number;
  createdAt: string;
  lastError: string | null;
};

/** Messages that gave up after a day of retries, with why, and a retry each. Admins only. */
export function FailedMessagesPage() {
  const [messages, setMessages] = useState<FailedMessage[] | null>(null);
  const load = useCallback(() => {
    api<{ messages: FailedMessage[] }>('/api/review/messages/failed').then(
      (loaded) => setMessages(loaded.messages),
      (failure: Error) => setOutcome({ text: failure.message, isError: true }),
    );
  }, []);
  useEffect(load, [load]);
  const { outcome, setOutcome, act } = useActionOutcome(load);
  const retry = (message: FailedMessage) =>
    act(
      () => api(`/api/review/messages/${message.id}/retry`, { method: 'POST' }),
      `The message to ${message.recipient} will be tried again now.`,
    );

  return (
    <main className="inbox" aria-labelledby="messages-heading">
      <h1 id="messages-heading" className="audit__heading">
        Failed messages
      </h1>
      <OutcomeMessage outcome={outcome} />
      {messages?.length === 0 && (
        <p className="inbox__message">
          Nothing has failed: every e-mail and webhook went out or is still
          being tried.
        </p>
      )}
      {messages && messages.length > 0 && (
        <table className="inbox__table">
          <thead>
            <tr>
              <th scope="col">Written</th>
              <th scope="col">To</th>
              <th scope="col">What</th>
              <th scope="col">Tries, last error</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id}>
                <td>
                  <time dateTime={message.createdAt}>
                    {exactTime(message.createdAt)}
                  </time>
                </td>
                <th scope="row">{message.recipient}</th>
                <td>{message.subject ?? message.purpose}</td>
                <td>
                  {message.attempts}: {message.lastError}
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--outlined"
                    aria-label={`Retry the message to ${message.recipient}`}
                    onClick={() => void retry(message)}
                  >
                    Retry
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

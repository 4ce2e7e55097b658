import { useQuery } from '@tanstack/react-query';
import { retryMessage } from '#review-api/messages.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { exactTime } from '#review/lib/format.ts';
import {
  OutcomeMessage,
  useActionOutcome,
} from '#review/lib/outcome-message.tsx';
import { auditKey, failedMessagesQuery } from '#review/lib/queries.ts';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';

/** Messages that gave up after a day of retries, with why, and a retry each. Admins only. */
export function FailedMessagesPage() {
  useDocumentTitle('Failed messages');
  const messages = useQuery(failedMessagesQuery);
  const { outcome, act } = useActionOutcome([
    failedMessagesQuery.queryKey,
    auditKey,
  ]);
  const list = messages.data?.messages;

  return (
    <main className="inbox" aria-labelledby="messages-heading">
      <h1 id="messages-heading" className="audit__heading">
        Failed messages
      </h1>
      <OutcomeMessage outcome={outcome} />
      {messages.isError && (
        <p className="inbox__message" role="alert">
          {messageOf(messages.error)}
        </p>
      )}
      {list?.length === 0 && (
        <p className="inbox__message">
          Nothing has failed: every e-mail and webhook went out or is still
          being tried.
        </p>
      )}
      {list && list.length > 0 && (
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
            {list.map((message) => (
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
                    onClick={() =>
                      act(
                        () =>
                          call(retryMessage, { params: { id: message.id } }),
                        `The message to ${message.recipient} will be tried again now.`,
                      )
                    }
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

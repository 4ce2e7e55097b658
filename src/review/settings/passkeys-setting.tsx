import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addPasskey,
  passkeyOptions,
  removePasskey,
} from '#review-api/session.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { OutcomeMessage, type Outcome } from '#review/lib/outcome-message.tsx';
import { passkeysQuery } from '#review/lib/queries.ts';

const dateOf = (at: string) =>
  new Date(at).toLocaleDateString('en-GB', { dateStyle: 'medium' });

/** The browser made no passkey: its own refusal, said in words for the person. */
class NoPasskeyMade extends Error {}

/** Asks the server for a challenge, the browser for a new passkey answering it, and the server to keep it. */
async function makePasskey() {
  const optionsJSON = await call(passkeyOptions);
  // Loaded only here: most people never add one.
  const { startRegistration } = await import('@simplewebauthn/browser');
  let response;
  try {
    response = await startRegistration({ optionsJSON });
  } catch {
    throw new NoPasskeyMade(
      'The browser made no passkey (cancelled, or none can be made here). Try again.',
    );
  }
  return call(addPasskey, { body: { response } });
}

const failureText = (failure: unknown) =>
  failure instanceof NoPasskeyMade ? failure.message : messageOf(failure);

/**
 * Passkeys: another way to do the second step, where the browser or a security key can hold one.
 * Adding one asks the browser to make it; each can be removed.
 */
export function PasskeysSetting() {
  const client = useQueryClient();
  const passkeys = useQuery(passkeysQuery);
  const refresh = () =>
    client.invalidateQueries({ queryKey: passkeysQuery.queryKey });
  const add = useMutation({ mutationFn: makePasskey, onSettled: refresh });
  const remove = useMutation({
    mutationFn: (id: string) => call(removePasskey, { params: { id } }),
    onSettled: refresh,
  });
  const last = add.submittedAt > remove.submittedAt ? add : remove;
  const outcome: Outcome | null = last.isSuccess
    ? {
        text: last === add ? 'Passkey added.' : 'Passkey removed.',
        isError: false,
      }
    : last.isError
      ? { text: failureText(last.error), isError: true }
      : passkeys.isError
        ? { text: messageOf(passkeys.error), isError: true }
        : null;

  return (
    <div className="settings__form">
      <h3 className="settings__heading">Passkeys</h3>
      <p className="panel__hint">
        Instead of a code, a passkey on this device or a security key can do the
        second step.
      </p>
      {passkeys.data && passkeys.data.passkeys.length > 0 && (
        <ul className="two-step__passkeys">
          {passkeys.data.passkeys.map((passkey, index) => (
            <li key={passkey.id}>
              <span>
                Passkey {index + 1}, added {dateOf(passkey.createdAt)}
                {passkey.lastUsedAt &&
                  `, last used ${dateOf(passkey.lastUsedAt)}`}
              </span>
              <button
                type="button"
                className="button button--outlined"
                aria-label={`Remove passkey ${index + 1}`}
                aria-disabled={remove.isPending}
                onClick={() => {
                  if (!remove.isPending) remove.mutate(passkey.id);
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--outlined settings__submit"
        aria-disabled={add.isPending}
        onClick={() => {
          if (!add.isPending) add.mutate();
        }}
      >
        Add a passkey
      </button>
      <OutcomeMessage outcome={outcome} />
    </div>
  );
}

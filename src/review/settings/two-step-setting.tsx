import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, ApiError, fieldErrorsOf } from '#review/lib/api.ts';
import { OutcomeMessage, type Outcome } from '#review/lib/outcome-message.tsx';
import { PasswordField } from '#review/lib/password-field.tsx';

type Status = {
  isOn: boolean;
  isRequired: boolean;
  recoveryCodesLeft: number | null;
};
type Setup = { setupKey: string; qrCode: string };

const messageOf = (failure: unknown) =>
  failure instanceof ApiError
    ? (failure.issues[0]?.message ?? failure.message)
    : 'The server cannot be reached. Check the connection and try again.';

/** The ten recovery codes, shown once, right after two-step sign-in is turned on. */
function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const id = useId();
  return (
    <div className="settings__form" role="group" aria-labelledby={id}>
      <h3 id={id} className="settings__heading">
        Your recovery codes
      </h3>
      <p>
        Two-step sign-in is on. Keep these ten codes somewhere safe, apart from
        your phone: each signs you in once when you cannot use your
        authenticator app. They are not shown again.
      </p>
      <ol className="two-step__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--primary settings__submit"
        onClick={onDone}
      >
        {doneLabel}
      </button>
    </div>
  );
}

/**
 * Setting up two-step sign-in: the QR code and its setup key for an authenticator app, then the
 * first code it shows to turn it on.
 */
function SetUp({ onOn }: { onOn: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    api<Setup>('/api/review/two-step/setup', { method: 'POST' }).then(
      setSetup,
      (failure: unknown) => setError(messageOf(failure)),
    );
  }, []);

  const turnOn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    if (!code.trim()) {
      setError('Enter the code your authenticator app shows.');
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      const { recoveryCodes } = await api<{ recoveryCodes: string[] }>(
        '/api/review/two-step',
        { method: 'POST', body: { code } },
      );
      onOn(recoveryCodes);
    } catch (failure) {
      setError(messageOf(failure));
      setIsBusy(false);
    }
  };

  if (!setup)
    return (
      <p className="field__error" role="alert">
        {error}
      </p>
    );
  return (
    <form
      className="settings__form"
      noValidate
      onSubmit={(event) => void turnOn(event)}
    >
      <p>
        Scan this QR code with an authenticator app on your phone (such as
        Google Authenticator, Microsoft Authenticator or 1Password), or type the
        setup key into it. Then enter the 6-digit code it shows.
      </p>
      <img
        className="two-step__qr"
        src={setup.qrCode}
        alt="QR code holding the setup key, for an authenticator app"
        width={200}
        height={200}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-key`}>
          Setup key
        </label>
        <input
          id={`${id}-key`}
          className="input two-step__key"
          readOnly
          value={setup.setupKey}
          spellCheck={false}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          Authentication code
        </label>
        <input
          id={`${id}-code`}
          className="input"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          aria-invalid={error !== null}
          aria-describedby={error === null ? undefined : `${id}-error`}
        />
        {error !== null && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="button button--primary settings__submit"
        aria-disabled={isBusy}
      >
        Turn on
      </button>
    </form>
  );
}

type Passkey = { id: string; createdAt: string; lastUsedAt: string | null };

const dateOf = (at: string) =>
  new Date(at).toLocaleDateString('en-GB', { dateStyle: 'medium' });

/**
 * Passkeys: another way to do the second step, where the browser or a security key can hold one.
 * Adding one asks the browser to make it; each can be removed.
 */
function Passkeys() {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const load = () =>
    api<{ passkeys: Passkey[] }>('/api/review/passkeys').then(
      (loaded) => setPasskeys(loaded.passkeys),
      (failure: unknown) =>
        setOutcome({ text: messageOf(failure), isError: true }),
    );
  useEffect(() => {
    void load();
  }, []);

  const add = async () => {
    if (isBusy) return;
    setIsBusy(true);
    try {
      // Loaded only here: most people never add one.
      const { startRegistration } = await import('@simplewebauthn/browser');
      const optionsJSON = await api<
        Parameters<typeof startRegistration>[0]['optionsJSON']
      >('/api/review/passkeys/options', { method: 'POST' });
      const response = await startRegistration({ optionsJSON });
      await api('/api/review/passkeys', { method: 'POST', body: { response } });
      setOutcome({ text: 'Passkey added.', isError: false });
    } catch (failure) {
      setOutcome({
        text:
          failure instanceof ApiError
            ? messageOf(failure)
            : 'The browser made no passkey (cancelled, or none can be made here). Try again.',
        isError: true,
      });
    }
    setIsBusy(false);
    void load();
  };

  const remove = async (id: string) => {
    try {
      await api(`/api/review/passkeys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      });
      setOutcome({ text: 'Passkey removed.', isError: false });
    } catch (failure) {
      setOutcome({ text: messageOf(failure), isError: true });
    }
    void load();
  };

  return (
    <div className="settings__form">
      <h3 className="settings__heading">Passkeys</h3>
      <p className="panel__hint">
        Instead of a code, a passkey on this device or a security key can do the
        second step.
      </p>
      {passkeys && passkeys.length > 0 && (
        <ul className="two-step__passkeys">
          {passkeys.map((passkey, index) => (
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
                onClick={() => void remove(passkey.id)}
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
        aria-disabled={isBusy}
        onClick={() => void add()}
      >
        Add a passkey
      </button>
      <OutcomeMessage outcome={outcome} />
    </div>
  );
}

/** Turning two-step sign-in off, with the password, where the organisation does not require it. */
function TurnOff({ onOff }: { onOff: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  const id = useId();
  const turnOff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    try {
      await api('/api/review/two-step/off', {
        method: 'POST',
        body: {
          password: String(
            new FormData(event.currentTarget).get('password') ?? '',
          ),
        },
      });
      setErrors({});
      onOff();
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <form
      className="settings__form"
      noValidate
      onSubmit={(event) => void turnOff(event)}
    >
      <PasswordField
        formId={id}
        name="password"
        label="Current password"
        autoComplete="current-password"
        error={errors.password}
      />
      <p className="settings__status" role="alert">
        {errors.form}
      </p>
      <button
        type="submit"
        className="button button--outlined settings__submit"
        aria-disabled={isBusy}
      >
        Turn off
      </button>
    </form>
  );
}

/**
 * The "Two-step sign-in" section: its state, the set-up while it is off, the recovery codes once
 * it is turned on, and turning it off. `onDone` replaces the last step where the set-up is the
 * only thing an account may do (it leads on into the workspace).
 */
export function TwoStepSetting({
  afterRecoveryCodes,
}: {
  afterRecoveryCodes?: { label: string; onDone: () => void };
}) {
  const [status, setStatus] = useState<Status | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const headingId = useId();

  const load = () =>
    api<Status>('/api/review/two-step').then(setStatus, (failure: unknown) =>
      setOutcome({ text: messageOf(failure), isError: true }),
    );
  useEffect(() => {
    void load();
  }, []);

  let body;
  if (codes)
    body = (
      <RecoveryCodes
        codes={codes}
        doneLabel={afterRecoveryCodes?.label ?? 'I have saved them'}
        onDone={() => {
          if (afterRecoveryCodes) return afterRecoveryCodes.onDone();
          setCodes(null);
          void load();
        }}
      />
    );
  else if (status && !status.isOn)
    body = (
      <>
        <p>
          Off.{' '}
          {status.isRequired
            ? 'Your organisation requires it: set it up to go on.'
            : 'With it on, signing in also asks for a code from an authenticator app on your phone.'}
        </p>
        <SetUp onOn={setCodes} />
      </>
    );
  else if (status)
    body = (
      <>
        <p>
          On: signing in asks for a code from your authenticator app.{' '}
          {status.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        <Passkeys />
        {status.isRequired ? (
          <p className="panel__hint">
            Your organisation requires two-step sign-in, so it stays on.
          </p>
        ) : (
          <TurnOff
            onOff={() => {
              setOutcome({ text: 'Two-step sign-in is off.', isError: false });
              void load();
            }}
          />
        )}
      </>
    );

  return (
    <section className="settings__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings__heading">
        Two-step sign-in
      </h2>
      {body}
      <OutcomeMessage outcome={outcome} />
    </section>
  );
}

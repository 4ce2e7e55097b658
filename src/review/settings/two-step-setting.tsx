import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { turnOffTwoStep, turnOnTwoStep } from '#review-api/session.ts';
import { call, fieldErrorsOf, messageOf } from '#review/lib/api.ts';
import { OutcomeMessage } from '#review/lib/outcome-message.tsx';
import { PasswordField } from '#review/lib/password-field.tsx';
import { Field } from '#web/components/field.tsx';
import { twoStepQuery, twoStepSetupQuery } from '#review/lib/queries.ts';
import { PasskeysSetting } from './passkeys-setting.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/**
 * Setting up two-step sign-in: the QR code and its setup key for an authenticator app, then the
 * first code it shows to turn it on.
 */
function SetUp({ onOn }: { onOn: (codes: string[]) => void }) {
  // A new key each time the set-up is shown, kept unchanged while it is: a key replaced under
  // the person scanning it would make their first code wrong.
  const setup = useQuery(twoStepSetupQuery);
  const [blank, setBlank] = useState(false);
  const turnOn = useMutation({
    mutationFn: (code: string) => call(turnOnTwoStep, { body: { code } }),
    onSuccess: ({ recoveryCodes }) => onOn(recoveryCodes),
  });
  const errorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (turnOn.isPending) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setBlank(!code.trim());
    if (code.trim()) turnOn.mutate(code);
  };

  if (!setup.data)
    return (
      <p className="field__error" role="alert">
        {setup.isError && messageOf(setup.error)}
      </p>
    );
  const error = blank
    ? 'Enter the code your authenticator app shows.'
    : turnOn.isError
      ? messageOf(turnOn.error)
      : null;
  return (
    <form className="settings__form" noValidate onSubmit={submit}>
      <p>
        Scan this QR code with an authenticator app on your phone (such as
        Google Authenticator, Microsoft Authenticator or 1Password), or type the
        setup key into it. Then enter the 6-digit code it shows.
      </p>
      <img
        className="two-step__qr"
        src={setup.data.qrCode}
        alt="QR code holding the setup key, for an authenticator app"
        width={200}
        height={200}
      />
      <Field label="Setup key">
        {(control) => (
          <input
            {...control}
            className="input two-step__key"
            readOnly
            value={setup.data.setupKey}
            spellCheck={false}
          />
        )}
      </Field>
      <Field label="Authentication code">
        {(control) => (
          <input
            {...control}
            className="input"
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            // Its error comes back from a request while the button has the focus: said aloud below.
            aria-invalid={error !== null}
            aria-describedby={error === null ? undefined : errorId}
          />
        )}
      </Field>
      {error !== null && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary settings__submit"
        aria-disabled={turnOn.isPending}
      >
        Turn on
      </button>
    </form>
  );
}

/** Turning two-step sign-in off, with the password, where the organisation does not require it. */
function TurnOff({ onOff }: { onOff: () => void }) {
  const turnOff = useMutation({
    mutationFn: (password: string) =>
      call(turnOffTwoStep, { body: { password } }),
    onSuccess: onOff,
  });
  const errors = turnOff.isError ? fieldErrorsOf(turnOff.error) : {};
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (turnOff.isPending) return;
    turnOff.mutate(
      String(new FormData(event.currentTarget).get('password') ?? ''),
    );
  };
  return (
    <form className="settings__form" noValidate onSubmit={submit}>
      <PasswordField
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
        aria-disabled={turnOff.isPending}
      >
        Turn off
      </button>
    </form>
  );
}

/**
 * The "Two-step sign-in" section: its state, the set-up while it is off, the recovery codes once
 * it is turned on, and turning it off. `afterRecoveryCodes` replaces the last step where the set-up
 * is the only thing an account may do (it leads on into the workspace).
 */
export function TwoStepSetting({
  afterRecoveryCodes,
}: {
  afterRecoveryCodes?: { label: string; onDone: () => void };
}) {
  const client = useQueryClient();
  const status = useQuery(twoStepQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [isTurnedOff, setIsTurnedOff] = useState(false);
  const headingId = useId();
  const reload = () =>
    client.invalidateQueries({ queryKey: twoStepQuery.queryKey });

  let body;
  if (codes)
    body = (
      <RecoveryCodes
        codes={codes}
        doneLabel={afterRecoveryCodes?.label ?? 'I have saved them'}
        onDone={() => {
          if (afterRecoveryCodes) return afterRecoveryCodes.onDone();
          setCodes(null);
          void reload();
        }}
      />
    );
  else if (status.data && !status.data.isOn)
    body = (
      <>
        <p>
          Off.{' '}
          {status.data.isRequired
            ? 'Your organisation requires it: set it up to go on.'
            : 'With it on, signing in also asks for a code from an authenticator app on your phone.'}
        </p>
        <SetUp
          onOn={(recoveryCodes) => {
            setIsTurnedOff(false);
            setCodes(recoveryCodes);
          }}
        />
      </>
    );
  else if (status.data)
    body = (
      <>
        <p>
          On: signing in asks for a code from your authenticator app.{' '}
          {status.data.recoveryCodesLeft} of 10 recovery codes left.
        </p>
        <PasskeysSetting />
        {status.data.isRequired ? (
          <p className="panel__hint">
            Your organisation requires two-step sign-in, so it stays on.
          </p>
        ) : (
          <TurnOff
            onOff={() => {
              setIsTurnedOff(true);
              void reload();
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
      <OutcomeMessage
        outcome={
          status.isError
            ? { text: messageOf(status.error), isError: true }
            : isTurnedOff
              ? { text: 'Two-step sign-in is off.', isError: false }
              : null
        }
      />
    </section>
  );
}

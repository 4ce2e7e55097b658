import { useEffect, useState } from 'react';
import { api } from '#review/lib/api.ts';
import { OutcomeMessage, type Outcome } from '#review/lib/outcome-message.tsx';

type Notify = 'each' | 'digest' | 'none';

const choices: Array<{ value: Notify; label: string }> = [
  { value: 'each', label: 'For each application, as it arrives' },
  { value: 'digest', label: 'Once a day, a digest of the new ones' },
  { value: 'none', label: 'Never' },
];

/** How this person hears of new applications by e-mail; saved as soon as it is chosen. */
export function NotificationSetting() {
  const [setting, setSetting] = useState<{
    notify: Notify;
    isEmailOn: boolean;
  } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    api<{ notify: Notify; isEmailOn: boolean }>(
      '/api/review/settings/notifications',
    ).then(setSetting, (failure: Error) =>
      setOutcome({ text: failure.message, isError: true }),
    );
  }, []);
  if (!setting) return <OutcomeMessage outcome={outcome} />;

  const choose = async (notify: Notify) => {
    setSetting({ ...setting, notify });
    try {
      await api('/api/review/settings/notifications', {
        method: 'PUT',
        body: { notify },
      });
      setOutcome({ text: 'Saved.', isError: false });
    } catch (failure) {
      setOutcome({
        text: failure instanceof Error ? failure.message : 'Try again.',
        isError: true,
      });
    }
  };

  return (
    <fieldset className="settings__form settings__choices">
      <legend className="settings__heading">
        E-mail me about new applications
      </legend>
      {!setting.isEmailOn && (
        <p className="panel__hint">
          E-mail is not set up on this server yet; the choice applies once it
          is.
        </p>
      )}
      {choices.map((choice) => (
        <label key={choice.value} className="inbox__filter--check">
          <input
            type="radio"
            name="notify"
            value={choice.value}
            checked={setting.notify === choice.value}
            onChange={() => void choose(choice.value)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
      <OutcomeMessage outcome={outcome} />
    </fieldset>
  );
}

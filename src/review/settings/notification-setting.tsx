import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chooseNotifications, type Notify } from '#review-api/messages.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { OutcomeMessage } from '#review/lib/outcome-message.tsx';
import { notificationSettingQuery } from '#review/lib/queries.ts';

const choices: Array<{ value: Notify; label: string }> = [
  { value: 'each', label: 'For each application, as it arrives' },
  { value: 'digest', label: 'Once a day, a digest of the new ones' },
  { value: 'none', label: 'Never' },
];

/**
 * How this person hears of new applications by e-mail; saved as soon as it is chosen, and shown
 * chosen at once. A refusal puts back what the server holds and says why.
 */
export function NotificationSetting() {
  const client = useQueryClient();
  const setting = useQuery(notificationSettingQuery);
  // Shown chosen at once, in the same event as the click: a radio button that waited for the
  // server would spring back first. A refusal shows what the server holds again.
  const [chosen, setChosen] = useState<Notify | null>(null);
  const choose = useMutation({
    mutationFn: (notify: Notify) =>
      call(chooseNotifications, { body: { notify } }),
    onError: () => setChosen(null),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: notificationSettingQuery.queryKey }),
  });
  const pick = (notify: Notify) => {
    setChosen(notify);
    choose.mutate(notify);
  };
  const outcome = choose.isSuccess
    ? { text: 'Saved.', isError: false }
    : choose.isError
      ? { text: messageOf(choose.error), isError: true }
      : setting.isError
        ? { text: messageOf(setting.error), isError: true }
        : null;
  if (!setting.data) return <OutcomeMessage outcome={outcome} />;

  return (
    <fieldset className="settings__form settings__choices">
      <legend className="settings__heading">
        E-mail me about new applications
      </legend>
      {!setting.data.isEmailOn && (
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
            checked={(chosen ?? setting.data.notify) === choice.value}
            onChange={() => pick(choice.value)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
      <OutcomeMessage outcome={outcome} />
    </fieldset>
  );
}

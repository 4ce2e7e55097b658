import { useId, type ClipboardEvent } from 'react';
import {
  useController,
  useFormContext,
  useFormState,
  useWatch,
} from 'react-hook-form';
import {
  callingCodeOptionFor,
  callingCodeOptions,
  callingCodeOptionsIn,
} from '#engine/calling-codes.ts';
import { maxLengths } from '#engine/validators.ts';
import { Combobox } from '#web/components/combobox.tsx';
import {
  ErrorText,
  FieldSet,
  labelIdFor,
  useIsRequired,
} from '#web/components/field.tsx';
import { Flag } from '#web/components/flag.tsx';
import { useLeave } from '#web/components/use-leave.ts';
import { TextInput } from '#web/components/text-input.tsx';
import { useModel } from '#web/lib/model-context.ts';
import { loadPhoneParser, readPhoneNumber } from '#web/lib/phone-numbers.ts';
import type { BlockProps } from './block-props.ts';

const applicantPhonePath = 'personalInfo.phone';
const countryPath = 'personalInfo.countryCode';

/** Calling code with flags plus the subscriber number; the applicant's phone also sets their country. */
export function PhoneBlock({ block, isDisabled }: BlockProps<'phone'>) {
  const { rules, texts, config } = useModel();
  const { data } = block;
  const isRequired = useIsRequired(data.path, isDisabled);
  const codePath = `${data.path}.countryCode`;
  const subscriberPath = `${data.path}.subscriber`;
  const code = useController({
    name: codePath,
    rules: { deps: [subscriberPath] },
  });
  const { setValue, getFieldState } = useFormContext();
  const formState = useFormState({ name: subscriberPath, exact: true });
  const countryCode = String(useWatch({ name: countryPath }) ?? '');
  const selected = callingCodeOptionFor(
    String(code.field.value ?? ''),
    countryCode,
  );
  const leaveCode = useLeave(codePath);
  const id = useId();
  const codeId = `${id}-code`;
  const numberId = `${id}-number`;
  const codeError = code.fieldState.error?.message;
  const numberError = getFieldState(subscriberPath, formState).error?.message;

  const chooseCode = (value: string) => {
    const option = callingCodeOptions.find(
      (candidate) => candidate.value === value,
    );
    code.field.onChange(option?.code ?? '');
    code.field.onBlur();
    // Only the applicant's own phone says where they live; another number (an alternative, an
    // emergency contact) may well be abroad.
    if (option && data.path === applicantPhonePath && rules.has(countryPath))
      setValue(countryPath, option.isoCode2, {
        shouldDirty: true,
        shouldValidate: Boolean(getFieldState(countryPath).error),
      });
  };

  const setSubscriber = (subscriber: string) =>
    setValue(subscriberPath, subscriber, {
      shouldDirty: true,
      shouldValidate: Boolean(getFieldState(subscriberPath).error),
    });

  // Digits alone are pasted as they are. A number written out, with its calling code, spaces,
  // brackets or dashes, is read whole into both parts; the input alone would cut it at its cap
  // and keep the characters it refuses.
  const pasteNumber = (
    event: ClipboardEvent<HTMLInputElement & HTMLTextAreaElement>,
  ) => {
    const text = event.clipboardData.getData('text').trim();
    if (/^\d*$/.test(text)) return;
    event.preventDefault();
    const { value, selectionStart, selectionEnd } = event.currentTarget;
    const asPasted = `${value.slice(0, selectionStart ?? value.length)}${text}${value.slice(selectionEnd ?? value.length)}`;
    readPhoneNumber(text, selected, countryCode).then(
      (number) => {
        if (!number) return setSubscriber(asPasted);
        chooseCode(number.option.value);
        setSubscriber(number.subscriber);
      },
      () => setSubscriber(asPasted),
    );
  };

  return (
    <FieldSet
      className="field phone"
      legend={data.label}
      isRequired={isRequired}
      hint={data.hint}
    >
      <div className="phone__row">
        <div className="phone__code">
          <label
            id={labelIdFor(codeId)}
            htmlFor={codeId}
            className="visually-hidden"
          >
            {texts.callingCodeLabel}
          </label>
          <Combobox
            control={{
              id: codeId,
              'aria-invalid': Boolean(codeError),
              'aria-required': isRequired || undefined,
              'aria-describedby': codeError ? `${codeId}-error` : undefined,
            }}
            options={callingCodeOptionsIn(config.lang)}
            texts={texts}
            value={selected?.value ?? ''}
            onChange={chooseCode}
            onBlur={() => leaveCode(code.field.onBlur)}
            inputRef={code.field.ref}
            disabled={isDisabled}
            autoComplete="tel-country-code"
            renderPrefix={(option) => (
              <Flag isoCode2={option.value.slice(0, 2)} />
            )}
            selectedText={(option) => `+${option.value.slice(3)}`}
          />
        </div>
        <div className="phone__number">
          <label htmlFor={numberId} className="visually-hidden">
            {texts.phoneNumberLabel}
          </label>
          <TextInput
            id={numberId}
            path={subscriberPath}
            deps={[codePath]}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={maxLengths.count}
            onPaste={pasteNumber}
            // A paste usually follows the focus: the parser is then there when it comes.
            onFocus={() => void loadPhoneParser().catch(() => undefined)}
            disabled={isDisabled}
            aria-invalid={Boolean(numberError)}
            aria-required={isRequired || undefined}
            aria-describedby={numberError ? `${numberId}-error` : undefined}
          />
        </div>
      </div>
      {codeError && <ErrorText id={`${codeId}-error`} message={codeError} />}
      {numberError && (
        <ErrorText id={`${numberId}-error`} message={numberError} />
      )}
    </FieldSet>
  );
}

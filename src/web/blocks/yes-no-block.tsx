import { useId } from 'react';
import { useController } from 'react-hook-form';
import { isRequiredRule } from '#engine/application-schema.ts';
import { describedBy, ErrorText, RequiredMark } from '../components/field.tsx';
import { TextField } from '../components/text-field.tsx';
import { useLeave } from '../components/use-leave.ts';
import { useModel } from '../lib/model-context.ts';
import type { BlockProps } from './block-props.ts';

/** A Yes/No radio group; a follow-up box expands (0.2 s) and becomes required when the answer matches its trigger. */
export function YesNoBlock({ block, isDisabled }: BlockProps<'yesNo'>) {
  const { rules, texts } = useModel();
  const { data } = block;
  const valuePath = `${data.path}.value`;
  const textPath = `${data.path}.text`;
  const followUp = data.followUp;
  const answer = useController({
    name: valuePath,
    rules: { deps: followUp ? [textPath] : [] },
  });
  const leave = useLeave(valuePath);
  const chosen: unknown = answer.field.value;
  const id = useId();
  const isRequired = isRequiredRule(rules.get(valuePath)) && !isDisabled;
  const error = answer.fieldState.error?.message;
  const errorId = `${id}-error`;
  const isFollowUpShown = followUp !== undefined && chosen === followUp.trigger;
  const choices = [
    { value: true, label: texts.yes },
    { value: false, label: texts.no },
  ];
  return (
    <div className={`yes-no${isDisabled ? ' yes-no--disabled' : ''}`}>
      <fieldset
        className="field"
        role="radiogroup"
        aria-required={isRequired || undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(error && errorId)}
        disabled={isDisabled}
      >
        <legend className="field__label">
          {data.label}
          {isRequired && <RequiredMark />}
        </legend>
        {data.hint && <p className="field__hint">{data.hint}</p>}
        <div className="yes-no__choices">
          {choices.map((choice, index) => (
            <label key={choice.label} className="yes-no__choice">
              <input
                type="radio"
                name={answer.field.name}
                ref={index === 0 ? answer.field.ref : undefined}
                checked={chosen === choice.value}
                onChange={() => answer.field.onChange(choice.value)}
                onBlur={() => leave(answer.field.onBlur)}
                aria-describedby={describedBy(error && errorId)}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
        {error && <ErrorText id={errorId} message={error} />}
      </fieldset>
      {isFollowUpShown && (
        <FollowUp
          path={textPath}
          label={followUp.label}
          multiline={followUp.multiline}
          isDisabled={isDisabled}
        />
      )}
    </div>
  );
}

function FollowUp({
  path,
  label,
  multiline,
  isDisabled,
}: {
  path: string;
  label: string;
  multiline: boolean;
  isDisabled: boolean;
}) {
  const { rules } = useModel();
  const rule = rules.get(path);
  return (
    <div className="yes-no__follow-up">
      <TextField
        path={path}
        label={label}
        isRequired={isRequiredRule(rule)}
        multiline={multiline}
        maxLength={rule?.maxLength}
        disabled={isDisabled}
      />
    </div>
  );
}

import { useController } from 'react-hook-form';
import {
  describedBy,
  FieldSet,
  useIsRequired,
} from '#web/components/field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useLeave } from '#web/components/use-leave.ts';
import { useModel } from '#web/lib/model-context.ts';
import type { BlockProps } from './block-props.ts';

/** A Yes/No radio group; a follow-up box expands (0.2 s) and becomes required when the answer matches its trigger. */
export function YesNoBlock({ block, isDisabled }: BlockProps<'yesNo'>) {
  const { texts } = useModel();
  const { data } = block;
  const valuePath = `${data.path}.value`;
  const textPath = `${data.path}.text`;
  const followUp = data.followUp;
  const answer = useController({
    name: valuePath,
    rules: { deps: followUp ? [textPath] : [] },
  });
  const leave = useLeave(valuePath);
  const isRequired = useIsRequired(valuePath, isDisabled);
  const error = answer.fieldState.error?.message;
  const isFollowUpShown =
    followUp !== undefined && answer.field.value === followUp.trigger;
  const choices = [
    { value: true, label: texts.yes },
    { value: false, label: texts.no },
  ];
  return (
    <div className={`yes-no${isDisabled ? ' yes-no--disabled' : ''}`}>
      <FieldSet
        legend={data.label}
        isRequired={isRequired}
        hint={data.hint}
        error={error}
        isRadioGroup
        disabled={isDisabled}
      >
        {({ errorId }) => (
          <div className="yes-no__choices">
            {choices.map((choice, index) => (
              <label key={choice.label} className="yes-no__choice">
                <input
                  type="radio"
                  name={answer.field.name}
                  ref={index === 0 ? answer.field.ref : undefined}
                  checked={answer.field.value === choice.value}
                  onChange={() => answer.field.onChange(choice.value)}
                  onBlur={() => leave(answer.field.onBlur)}
                  aria-describedby={describedBy(error && errorId)}
                />
                <span>{choice.label}</span>
              </label>
            ))}
          </div>
        )}
      </FieldSet>
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
  const isRequired = useIsRequired(path, isDisabled);
  return (
    <div className="yes-no__follow-up">
      <TextField
        path={path}
        label={label}
        isRequired={isRequired}
        multiline={multiline}
        maxLength={rules.get(path)?.maxLength}
        disabled={isDisabled}
      />
    </div>
  );
}

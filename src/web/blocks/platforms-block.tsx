import { useId } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import {
  platformFields,
  platformNames,
  type PlatformField,
  type PlatformKey,
} from '#engine/platforms.ts';
import { getAt } from '#engine/paths.ts';
import type { TextKey } from '#engine/texts.ts';
import { maxLengths } from '#engine/validators.ts';
import { describedBy, ErrorText, RequiredMark } from '../components/field.tsx';
import { TextField } from '../components/text-field.tsx';
import { useModel } from '../lib/model-context.ts';
import type { BlockProps } from './block-props.ts';

const groupPath = 'platforms.filled';

const fieldLabels: Record<string, TextKey> = {
  handle: 'handleLabel',
  followers: 'followersLabel',
  url: 'urlLabel',
  monthlyTraffic: 'monthlyTrafficLabel',
};

/** One group per offered platform; the group rule's message sits under the whole block (specification §4, §8). */
export function PlatformsBlock({ block, isDisabled }: BlockProps<'platforms'>) {
  const { platforms, requiredPlatforms } = useModel();
  const { errors } = useFormState({ name: groupPath });
  const groupError = (
    errors.platforms as { filled?: { message?: string } } | undefined
  )?.filled?.message;
  const id = useId();
  const groupErrorId = `${id}-error`;
  const answers = (useWatch({ name: 'platforms' }) ?? {}) as Record<
    string,
    Record<string, string> | undefined
  >;
  const isComplete = (platform: PlatformKey) =>
    platformFields(platform).every(
      (field) =>
        (answers[platform]?.[field.key] ?? '').trim() !== '' &&
        !getAt(errors, `platforms.${platform}.${field.key}`),
    );
  // The group message points at the platforms that would satisfy it, so focus lands on the first of them.
  const flagged = new Set<PlatformKey>(
    groupError
      ? requiredPlatforms.length > 0
        ? requiredPlatforms.filter((platform) => !isComplete(platform))
        : platforms
      : [],
  );
  return (
    <fieldset
      className="field platforms"
      disabled={isDisabled}
      aria-describedby={describedBy(groupError && groupErrorId)}
    >
      <legend className="field__label">
        {block.data.label}
        <RequiredMark />
      </legend>
      {block.data.hint && <p className="field__hint">{block.data.hint}</p>}
      <div className="platforms__list">
        {platforms.map((platform) => (
          <fieldset key={platform} className="platform">
            <legend className="platform__name">
              {platformNames[platform]}
              {requiredPlatforms.includes(platform) && <RequiredMark />}
            </legend>
            <div className="platform__fields">
              {platformFields(platform).map((field, index) => (
                <PlatformInput
                  key={field.key}
                  platform={platform}
                  field={field}
                  groupErrorId={
                    index === 0 && flagged.has(platform)
                      ? groupErrorId
                      : undefined
                  }
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {groupError && <ErrorText id={groupErrorId} message={groupError} />}
    </fieldset>
  );
}

function PlatformInput({
  platform,
  field,
  groupErrorId,
}: {
  platform: PlatformKey;
  field: PlatformField;
  groupErrorId: string | undefined;
}) {
  const { texts, requiredPlatforms } = useModel();
  const sibling = platformFields(platform).find(
    (other) => other.key !== field.key,
  );
  return (
    <TextField
      path={`platforms.${platform}.${field.key}`}
      label={texts[fieldLabels[field.key] ?? 'handleLabel']}
      isRequired={requiredPlatforms.includes(platform)}
      deps={[
        groupPath,
        ...(sibling ? [`platforms.${platform}.${sibling.key}`] : []),
      ]}
      sharedErrorId={groupErrorId}
      type={field.kind === 'url' ? 'url' : 'text'}
      inputMode={
        field.kind === 'count'
          ? 'numeric'
          : field.kind === 'url'
            ? 'url'
            : undefined
      }
      autoCapitalize="off"
      spellCheck={false}
      maxLength={maxLengths[field.kind]}
    />
  );
}

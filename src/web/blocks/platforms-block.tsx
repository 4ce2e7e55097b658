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
import { FieldSet } from '#web/components/field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useModel } from '#web/lib/model-context.ts';
import type { BlockProps } from './block-props.ts';

const groupPath = 'platforms.filled';

const fieldLabels: Record<string, TextKey> = {
  handle: 'handleLabel',
  followers: 'followersLabel',
  url: 'urlLabel',
  monthlyTraffic: 'monthlyTrafficLabel',
};

/** One group per offered platform; the group rule's message sits under the whole block. */
export function PlatformsBlock({ block, isDisabled }: BlockProps<'platforms'>) {
  const { platforms, requiredPlatforms } = useModel();
  const { errors } = useFormState({ name: groupPath });
  const groupError = (
    errors.platforms as { filled?: { message?: string } } | undefined
  )?.filled?.message;
  // Recomputed on every keystroke, but the block re-renders only when a platform fills or empties.
  const filledPlatforms: PlatformKey[] = useWatch({
    name: 'platforms',
    compute: (answers: Record<string, Record<string, string> | undefined>) =>
      platforms.filter((platform) =>
        platformFields(platform).every(
          (field) => (answers[platform]?.[field.key] ?? '').trim() !== '',
        ),
      ),
  });
  const isComplete = (platform: PlatformKey) =>
    filledPlatforms.includes(platform) &&
    platformFields(platform).every(
      (field) => !getAt(errors, `platforms.${platform}.${field.key}`),
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
    <FieldSet
      className="field platforms"
      legend={block.data.label}
      // The group rule always asks for at least one platform.
      isRequired
      hint={block.data.hint}
      error={groupError}
      disabled={isDisabled}
    >
      {({ errorId }) => (
        <div className="platforms__list">
          {platforms.map((platform) => (
            <FieldSet
              key={platform}
              className="platform"
              legendClassName="platform__name"
              legend={platformNames[platform]}
              isRequired={requiredPlatforms.includes(platform)}
            >
              <div className="platform__fields">
                {platformFields(platform).map((field, index) => (
                  <PlatformInput
                    key={field.key}
                    platform={platform}
                    field={field}
                    groupErrorId={
                      index === 0 && flagged.has(platform) ? errorId : undefined
                    }
                  />
                ))}
              </div>
            </FieldSet>
          ))}
        </div>
      )}
    </FieldSet>
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

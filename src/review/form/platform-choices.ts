import type { WizardConfig } from '#engine/config-schema.ts';
import type { PlatformKey } from '#engine/platforms.ts';

type Platforms = WizardConfig['platforms'];

const including = (keys: readonly PlatformKey[], key: PlatformKey) =>
  keys.includes(key) ? [...keys] : [...keys, key];

/** A platform offered or not; one no longer offered is no longer required either. */
export function withOffered(
  platforms: Platforms,
  key: PlatformKey,
  isOffered: boolean,
): Platforms {
  return isOffered
    ? { ...platforms, offered: including(platforms.offered, key) }
    : {
        offered: platforms.offered.filter((other) => other !== key),
        required: platforms.required.filter((other) => other !== key),
      };
}

/** A platform required or not; one required is offered too, since the form can only require what it asks. */
export function withRequired(
  platforms: Platforms,
  key: PlatformKey,
  isRequired: boolean,
): Platforms {
  return isRequired
    ? {
        offered: including(platforms.offered, key),
        required: including(platforms.required, key),
      }
    : {
        ...platforms,
        required: platforms.required.filter((other) => other !== key),
      };
}

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseWizardConfig, type WizardConfig } from '#engine/config-schema.ts';
import {
  parseNotificationConfig,
  type NotificationConfig,
} from './notifications/notification-config.ts';
import {
  parseRetentionConfig,
  type RetentionPolicy,
} from './retention/retention-config.ts';
import './zod-messages.ts';

export class WizardConfigError extends Error {}

export type LoadedWizardConfig = {
  config: WizardConfig;
  notifications: NotificationConfig;
  retention: RetentionPolicy;
  directory: string;
};

/** Loads and validates a configuration file; a problem stops start-up with the JSON path that is wrong. */
export function loadWizardConfig(path: string): LoadedWizardConfig {
  const absolute = resolve(path);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    throw new WizardConfigError(
      `Cannot read the wizard configuration ${absolute}: ${(error as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new WizardConfigError(
      `The wizard configuration ${absolute} is not valid JSON: ${(error as Error).message}`,
    );
  }
  const result = parseWizardConfig(json);
  const notifications = parseNotificationConfig(
    result.ok ? result.config.notifications : undefined,
  );
  const retention = parseRetentionConfig(
    result.ok ? result.config.retention : undefined,
  );
  const problems = [
    ...(result.ok ? [] : result.problems),
    ...(notifications.ok ? [] : notifications.problems),
    ...(retention.ok ? [] : retention.problems),
  ];
  if (!result.ok || !notifications.ok || !retention.ok)
    throw new WizardConfigError(
      `The wizard configuration ${absolute} is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  return {
    config: result.config,
    notifications: notifications.notifications,
    retention: retention.retention,
    directory: dirname(absolute),
  };
}

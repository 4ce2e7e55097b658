import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  checkWizardConfig,
  type ConfigIssue,
  type WizardConfig,
} from '#engine/config-schema.ts';
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

/** A form as the server runs it: the configuration, its e-mails and its retention policy, validated. */
export type CheckedForm = {
  config: WizardConfig;
  notifications: NotificationConfig;
  retention: RetentionPolicy;
};

export type LoadedWizardConfig = CheckedForm & { directory: string };

/**
 * The start-up check of a configuration, wherever it comes from (the file, the editor, the
 * database): the browser's schema, then the e-mails only the server reads.
 */
export function checkFormConfig(
  json: unknown,
): { ok: true; form: CheckedForm } | { ok: false; issues: ConfigIssue[] } {
  const result = checkWizardConfig(json);
  const notifications = parseNotificationConfig(
    result.ok ? result.config.notifications : undefined,
  );
  const retention = parseRetentionConfig(
    result.ok ? result.config.retention : undefined,
  );
  if (result.ok && notifications.ok && retention.ok)
    return {
      ok: true,
      form: {
        config: result.config,
        notifications: notifications.notifications,
        retention: retention.retention,
      },
    };
  return {
    ok: false,
    issues: [
      ...(result.ok ? [] : result.issues),
      ...(notifications.ok ? [] : notifications.issues),
      ...(retention.ok ? [] : retention.issues),
    ],
  };
}

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
  const checked = checkFormConfig(json);
  if (!checked.ok)
    throw new WizardConfigError(
      `The wizard configuration ${absolute} is invalid:\n${checked.issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`).join('\n')}`,
    );
  return { ...checked.form, directory: dirname(absolute) };
}

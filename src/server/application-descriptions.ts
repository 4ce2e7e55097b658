import {
  buildApplicationModel,
  type ApplicationModel,
} from '#engine/application-schema.ts';
import { parseWizardConfig } from '#engine/config-schema.ts';
import {
  describeApplication,
  describeColumns,
  type DescribedStep,
  type ExportColumn,
} from '#engine/describe-application.ts';
import type { ApplicationPayload } from '#engine/payload.ts';
import type { StoredApplication } from './db/application-rows.ts';
import type { ApplicationsRepository } from './db/applications-repository.ts';
import type { ExportedApplication } from './db/inbox-selection.ts';
import { hiddenFieldsOf } from '#engine/hidden-fields.ts';
import { formatPhone } from './format-phone.ts';
import { answerTextsOf, storedAnswerTexts } from './readable-answers.ts';

/**
 * Reads stored applications with the configuration each was answered under. Every version served
 * is kept in the database; an application stored before versions were kept, or whose version no
 * longer parses, is read with the current configuration.
 */
export function createApplicationDescriptions(
  repository: ApplicationsRepository,
  current: () => { model: ApplicationModel; configHash: string },
) {
  const models = new Map<string, Promise<ApplicationModel>>();

  const load = async (version: string): Promise<ApplicationModel> => {
    const parsed = parseWizardConfig(await repository.configFor(version));
    return parsed.ok ? buildApplicationModel(parsed.config) : current().model;
  };

  const modelFor = (version: string | null): Promise<ApplicationModel> => {
    const now = current();
    if (version === null || version === now.configHash)
      return Promise.resolve(now.model);
    let model = models.get(version);
    if (!model) {
      // A failed read (the database away for a moment) is not remembered: the next call tries again.
      model = load(version).catch((error: unknown) => {
        models.delete(version);
        throw error;
      });
      models.set(version, model);
    }
    return model;
  };

  return {
    /** The version new applications are answered under. */
    currentVersion: () => current().configHash,
    modelFor,
    /** Every answer with its question, grouped by step, as the applicant was asked. */
    async describe(stored: StoredApplication): Promise<DescribedStep[]> {
      return describeApplication(
        stored.payload,
        await modelFor(stored.configVersion),
        formatPhone,
      );
    },
    /**
     * Every answer as an export writes it, one text per column of `columnsFor` its version: as
     * stored with the application when they were, else described now from its payload (none when it
     * was erased since it was read: its answers are left empty).
     */
    async answerTexts(
      application: Pick<
        ExportedApplication,
        'configVersion' | 'readableAnswers'
      >,
      payload: () => Promise<ApplicationPayload | undefined>,
    ): Promise<readonly string[]> {
      const model = await modelFor(application.configVersion);
      const stored = storedAnswerTexts(application.readableAnswers, model);
      if (stored) return stored;
      const answers = await payload();
      return answers ? answerTextsOf(answers, model) : [];
    },
    async columnsFor(version: string | null): Promise<ExportColumn[]> {
      return describeColumns(await modelFor(version));
    },
    /** The hidden fields the form of that version recorded, `ref` first. */
    async hiddenFieldsFor(version: string | null): Promise<string[]> {
      return hiddenFieldsOf((await modelFor(version)).config);
    },
  };
}

export type ApplicationDescriptions = ReturnType<
  typeof createApplicationDescriptions
>;

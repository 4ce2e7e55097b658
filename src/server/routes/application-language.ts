import {
  buildApplicationModel,
  type ApplicationModel,
} from '#engine/application-schema.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';
import { localizeConfig } from '#engine/languages/localize.ts';
import type { CompiledVersion } from '../form/accepted-versions.ts';

/**
 * The language an application is recorded in: the one its page was read in when the form offers
 * it, else the form's own (a page of an older version, or a hand-made request, names another).
 */
export function applicationLanguageOf(
  requested: string | undefined,
  config: Pick<WizardConfig, 'lang' | 'languages'>,
): string {
  return requested !== undefined && languagesOf(config).includes(requested)
    ? requested
    : config.lang;
}

/** A few versions in each of a few languages: a form has a handful of each. */
const defaultCapacity = 32;

/**
 * The rules of a form version as read in a language, so that a refused answer is explained in the
 * applicant's words; built once per version and language (the least recently used leaving first),
 * the form's own language as it comes.
 */
export function createLocalizedModels(capacity = defaultCapacity) {
  const models = new Map<string, ApplicationModel>();
  return {
    modelFor(form: CompiledVersion, language: string): ApplicationModel {
      if (language === form.model.config.lang) return form.model;
      const key = `${form.configHash} ${language}`;
      const model =
        models.get(key) ??
        buildApplicationModel(localizeConfig(form.model.config, language));
      // Map keeps insertion order: moved to the end, it is the last to leave.
      models.delete(key);
      models.set(key, model);
      for (const oldest of models.keys()) {
        if (models.size <= capacity) break;
        models.delete(oldest);
      }
      return model;
    },
  };
}

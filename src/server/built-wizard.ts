import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WizardConfig } from '#engine/config-schema.ts';

export type BuiltWizard = {
  /**
   * dist/index.html without its stylesheet links and its module script: the page inlines the rules,
   * and its own script loads the module once the first paint is complete.
   */
  template: string;
  /** The address of the wizard's module script. */
  entry: string;
  /** The address of the applicant's page's script (`/me`). */
  meEntry: string;
  /** dist/review.html, the staff workspace's page. */
  reviewTemplate: string;
  stylesheet: string;
  renderFirstStep: (config: WizardConfig) => string;
};

const moduleScript =
  /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

const stylesheetLink =
  /<link rel="stylesheet"[^>]*? href="\/assets\/([\w.-]+\.css)"[^>]*>/g;

export class MissingBuildError extends Error {}

/**
 * Reads what `npm run build` wrote for the server: the page template, the stylesheet it links and
 * the first step's renderer (dist/server/prerender.js).
 */
export async function loadBuiltWizard(
  distDirectory: string,
): Promise<BuiltWizard> {
  const builtFile = (...path: string[]) => {
    const file = join(distDirectory, ...path);
    if (!existsSync(file))
      throw new MissingBuildError(
        `${file} is missing: run \`npm run build\` first`,
      );
    return file;
  };
  const stylesheets: string[] = [];
  const page = readFileSync(builtFile('index.html'), 'utf8');
  const entry = moduleScript.exec(page)?.[1];
  if (!entry)
    throw new MissingBuildError(
      `${builtFile('index.html')} has no module script: run \`npm run build\` again`,
    );
  const template = page
    .replace(moduleScript, '')
    .replace(stylesheetLink, (_link, file: string) => {
      stylesheets.push(readFileSync(builtFile('assets', file), 'utf8'));
      return '';
    });
  const reviewTemplate = readFileSync(builtFile('review.html'), 'utf8');
  const meManifest = JSON.parse(
    readFileSync(builtFile('.vite', 'me-manifest.json'), 'utf8'),
  ) as Record<string, { file: string; isEntry?: boolean }>;
  const meFile = Object.values(meManifest).find((chunk) => chunk.isEntry)?.file;
  if (!meFile)
    throw new MissingBuildError(
      `${builtFile('.vite', 'me-manifest.json')} names no entry: run \`npm run build\` again`,
    );
  const renderer = (await import(
    pathToFileURL(builtFile('server', 'prerender.js')).href
  )) as Pick<BuiltWizard, 'renderFirstStep'>;
  return {
    template,
    entry,
    meEntry: `/${meFile}`,
    reviewTemplate,
    stylesheet: stylesheets.join(''),
    renderFirstStep: renderer.renderFirstStep,
  };
}

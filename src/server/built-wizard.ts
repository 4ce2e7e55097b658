import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WizardConfig } from '#engine/config-schema.ts';

export type BuiltWizard = {
  /** dist/index.html without its stylesheet links: the page inlines their rules instead. */
  template: string;
  /** dist/review.html, the staff workspace's page. */
  reviewTemplate: string;
  stylesheet: string;
  renderFirstStep: (config: WizardConfig) => string;
};

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
  const template = readFileSync(builtFile('index.html'), 'utf8').replace(
    stylesheetLink,
    (_link, file: string) => {
      stylesheets.push(readFileSync(builtFile('assets', file), 'utf8'));
      return '';
    },
  );
  const reviewTemplate = readFileSync(builtFile('review.html'), 'utf8');
  const renderer = (await import(
    pathToFileURL(builtFile('server', 'prerender.js')).href
  )) as Pick<BuiltWizard, 'renderFirstStep'>;
  return {
    template,
    reviewTemplate,
    stylesheet: stylesheets.join(''),
    renderFirstStep: renderer.renderFirstStep,
  };
}

import { useEffect, useLayoutEffect, useState } from 'react';
import { replaceEqualDeep } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { answerPaths } from '#engine/block-kinds/placements.ts';
import { checkWizardConfig, type WizardConfig } from '#engine/config-schema.ts';
import { draftStorageKey } from '#engine/draft-key.ts';
import { stepSearchOf } from '#engine/navigation.ts';
import { resolveWizardTexts } from '#engine/texts.ts';
import { themeStylesheet } from '#engine/theme.ts';
import { ErrorBoundary } from '#web/components/error-boundary.tsx';
import { Wizard } from '#web/wizard/wizard.tsx';

/** What the form editor sends its preview frame: the form to show, and which step to open. */
export type PreviewMessage = {
  type: 'form-preview';
  /** The form as edited: shown once the start-up check passes it, with that check's defaults. */
  config: WizardConfig;
  /** Changes when the editor asks for a step; the wizard then starts again on `step`. */
  visit: number;
  step: number;
};

/** The page id the preview answers under, so its answers never mix with a real tab's. */
const previewPageId = 'form-editor-preview';

/**
 * The form as the preview opens it on `step`: the wizard sends a visitor whose earlier answers are
 * missing back to them, so the steps before the one opened keep their texts but ask nothing.
 */
function openedOn(config: WizardConfig, step: number): WizardConfig {
  if (step < 2) return config;
  const steps = config.steps.map((each, index) =>
    index < step
      ? {
          ...each,
          blocks: each.blocks.filter(
            (block) => answerPaths(block).length === 0,
          ),
        }
      : each,
  );
  const asked = new Set(
    steps.flatMap((each) => each.blocks.flatMap(answerPaths)),
  );
  return {
    ...config,
    steps,
    formItems: config.formItems.filter((item) => asked.has(item.path)),
    platforms: asked.has('platforms')
      ? config.platforms
      : { ...config.platforms, required: [] },
  };
}

/**
 * The real wizard, in the editor's preview frame, showing the form the editor posts. It sends
 * nothing: `requestUrl` is empty, which the wizard takes as a send that succeeded.
 */
export function FormPreview() {
  const [shown, setShown] = useState<PreviewMessage | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent<PreviewMessage>) => {
      if (
        event.origin !== window.location.origin ||
        event.source !== window.parent ||
        event.data.type !== 'form-preview'
      )
        return;
      // A form with problems is not shown: the preview keeps the last one without, meanwhile.
      // Checked here, not in the editor, so a keystroke there does not wait for the check.
      const checked = checkWizardConfig(event.data.config);
      if (!checked.ok) return;
      const opened = openedOn(checked.config, event.data.step);
      // At once: the editor sends the message during its keystroke and paints next; rendered now,
      // the preview paints in that same frame.
      flushSync(() =>
        setShown((before) => {
          // The parts of the form an edit left alone keep the objects shown before (a keystroke
          // changes one text), so the wizard reuses what it built from them: the application's model,
          // the steps' fields, the theme.
          const message = {
            ...event.data,
            config: replaceEqualDeep(before?.config, opened),
          };
          if (before?.visit !== message.visit) {
            // A new visit starts afresh on the step asked for, as a new applicant would.
            sessionStorage.removeItem(draftStorageKey(previewPageId));
            window.history.replaceState(
              null,
              '',
              `${window.location.pathname}${stepSearchOf(message.config.steps, message.step)}`,
            );
          }
          return message;
        }),
      );
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage(
      { type: 'form-preview-ready' },
      window.location.origin,
    );
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const theme = shown?.config.theme;
  // The theme's colours as the page's custom properties: set through the CSSOM, which the
  // Content-Security-Policy allows where it refuses a new style element.
  useLayoutEffect(() => {
    if (!theme) return;
    const root = document.documentElement;
    for (const declaration of themeStylesheet(theme)
      .slice(':root{'.length, -1)
      .split(';')) {
      const [property = '', value = ''] = declaration.split(':');
      root.style.setProperty(property, value);
    }
  }, [theme]);
  if (!shown) return null;
  const config: WizardConfig = {
    ...shown.config,
    pageId: previewPageId,
    requestUrl: '',
    analytics: undefined,
    errorReporting: undefined,
  };
  return (
    <ErrorBoundary texts={resolveWizardTexts(config)}>
      <Wizard key={shown.visit} config={config} />
    </ErrorBoundary>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import type { PreviewMessage } from '#web/preview/form-preview.tsx';
import { previewFrameBox, type PreviewDevice } from './preview-frame.ts';
import { languageWords } from './translation-languages.ts';
import type { PreviewLanguage } from './use-preview-language.ts';

/** Which step the preview opens, and a count that starts a new visit whenever it is asked again. */
export type PreviewVisit = { count: number; step: number };

/** The room an element has, followed as it resizes. */
function useRoom() {
  const element = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const observed = element.current;
    if (!observed) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry)
        setRoom({
          width: entry.contentRect.width,
          height: entry.contentRect.height,
        });
    });
    observer.observe(observed);
    return () => observer.disconnect();
  }, []);
  return { element, room };
}

/**
 * The preview frame: the workspace's own page at /review/form/preview, running the wizard's code,
 * at a phone's width or a desktop's (drawn smaller to fit), so the wizard's media queries see the
 * screen it shows.
 */
export function PreviewPane({
  config,
  language,
  visit,
  hasProblems,
  viewing,
  onBackToDraft,
}: {
  /** The form as edited, which the preview checks and shows when it passes. */
  config: WizardConfig;
  /** The language it is shown in, of the form's languages. */
  language: PreviewLanguage;
  visit: PreviewVisit;
  hasProblems: boolean;
  /** The published version shown instead of the draft, if any. */
  viewing: number | null;
  onBackToDraft: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [isReady, setIsReady] = useState(false);
  const [device, setDevice] = useState<PreviewDevice>('phone');
  const { element: stage, room } = useRoom();
  const box = previewFrameBox(device, room);
  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (
        event.origin === window.location.origin &&
        event.source === frame.current?.contentWindow &&
        event.data.type === 'form-preview-ready'
      )
        setIsReady(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  // Dispatched into the frame rather than posted: a posted message waits for a task of its own,
  // after the editor has painted, so the preview showed each letter a frame (and whatever was
  // queued meanwhile) after the field did. Dispatched during the keystroke, the frame renders it at
  // once and both paint in the same frame. The frame is same-origin, and the event carries the
  // origin and source it checks, as a posted one would.
  useEffect(() => {
    if (!isReady) return;
    frame.current?.contentWindow?.dispatchEvent(
      new MessageEvent('message', {
        data: {
          type: 'form-preview',
          config,
          visit: visit.count,
          step: visit.step,
        } satisfies PreviewMessage,
        origin: window.location.origin,
        source: window,
      }),
    );
  }, [isReady, config, visit]);
  return (
    <section className="form-editor__preview" aria-labelledby="preview-heading">
      <div className="form-editor__preview-bar">
        <h2 id="preview-heading">Preview</h2>
        {language.languages.length > 1 && (
          <div className="form-editor__picker">
            <label htmlFor="preview-language">Language</label>
            <select
              id="preview-language"
              value={language.tag}
              onChange={(event) => language.choose(event.target.value)}
            >
              {language.languages.map((tag) => (
                <option key={tag} value={tag}>
                  {languageWords(tag)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div
          className="form-editor__switch"
          role="group"
          aria-label="Screen width"
        >
          {(['phone', 'desktop'] as const).map((each) => (
            <button
              key={each}
              type="button"
              className="button button--outlined"
              aria-pressed={device === each}
              onClick={() => setDevice(each)}
            >
              {each === 'phone' ? 'Phone' : 'Desktop'}
            </button>
          ))}
        </div>
      </div>
      {viewing !== null && (
        <p className="form-editor__note">
          Showing version {viewing}, not your draft.{' '}
          <button
            type="button"
            className="button button--link"
            onClick={onBackToDraft}
          >
            Back to the draft
          </button>
        </p>
      )}
      {hasProblems && (
        <p className="form-editor__note">
          The preview shows the form as it was before the problems listed.
        </p>
      )}
      <div ref={stage} className="form-editor__stage">
        {/* Laid out at its drawn size: a scaled element keeps its own size in the page's flow. */}
        <div
          className={`form-editor__device form-editor__device--${device}`}
          style={{
            width: box.width * box.scale,
            height: box.height * box.scale,
          }}
        >
          <iframe
            ref={frame}
            title="Preview of the form"
            src="/review/form/preview"
            className="form-editor__frame"
            style={{
              width: box.width,
              height: box.height,
              // Only when drawn smaller: a transform makes the frame a layer of its own.
              transform: box.scale < 1 ? `scale(${box.scale})` : undefined,
            }}
          />
        </div>
      </div>
    </section>
  );
}

import { useEffect, useRef, type RefObject } from 'react';
import { mobileQuery } from '#engine/layout.ts';
import { stepHeadingIdOf } from './step-view.tsx';

/**
 * Moves focus to a new step's heading, so screen readers announce the step. On mobile a later step
 * scrolls the page past the cover, keeping the back arrow and logo above the heading in view; a page
 * in a frame scrolls nothing.
 * `isReady` changes when the step's content replaces its loading placeholder. The step shown first
 * keeps the focus where the page put it, unless `focusesFirstStep`.
 */
export function useStepFocus(
  stepIndex: number,
  content: RefObject<HTMLElement | null>,
  isReady: boolean,
  focusesFirstStep = false,
): void {
  const focusedStep = useRef(focusesFirstStep ? null : stepIndex);
  useEffect(() => {
    if (focusedStep.current === stepIndex) return;
    const heading = document.getElementById(stepHeadingIdOf(stepIndex));
    if (!heading) return;
    focusedStep.current = stepIndex;
    heading.focus({ preventScroll: true });
    // In another site's frame the page is as tall as its step and never scrolls; moving the host
    // page is the host script's, which hears of the step.
    if ('embedded' in document.documentElement.dataset) return;
    if (window.matchMedia(mobileQuery).matches && stepIndex > 0)
      content.current?.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0 });
  }, [stepIndex, content, isReady]);
}

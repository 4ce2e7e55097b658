import { useEffect, useRef, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { problemPlace, problemsWord } from './problem-marks.ts';
import type { Problem } from './problem-words.ts';

/**
 * Beside Publish: how many problems stop it, and behind that button the list of them in words,
 * each opening the block or section to fix it with its field focused.
 */
export function ProblemList({
  problems,
  config,
  onShow,
}: {
  problems: readonly Problem[];
  config: WizardConfig;
  onShow: (problem: Problem) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && root.current?.contains(event.target))
        return;
      setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);
  return (
    <div ref={root} className="form-editor__problems">
      <button
        ref={toggle}
        type="button"
        id="problem-count"
        className="button button--outlined form-editor__problems-button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? 'problem-list' : undefined}
        onClick={() => setIsOpen(!isOpen)}
      >
        <span aria-hidden="true">⚠</span>
        {problemsWord(problems.length)} to fix
      </button>
      {isOpen && (
        <section
          id="problem-list"
          className="form-editor__problem-list"
          aria-labelledby="problem-list-heading"
        >
          <h2 id="problem-list-heading">Fix these before publishing</h2>
          <ul>
            {problems.map((problem) => (
              <li key={`${problem.path} ${problem.text}`}>
                <button
                  type="button"
                  className="form-editor__problem"
                  onClick={() => {
                    setIsOpen(false);
                    onShow(problem);
                  }}
                >
                  <span className="form-editor__problem-text">
                    {problem.text}
                  </span>
                  <span className="form-editor__problem-where">
                    {problemPlace(problem, config)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

import type { Step } from '#engine/config-schema.ts';
import { stepStatus } from '#engine/navigation.ts';
import type { Texts } from '#engine/texts.ts';

/** A progress indicator, not navigation: steps are reached by Continue and Back only. Hidden at 576px and below by CSS. */
export function StepBar({
  steps,
  current,
  texts,
}: {
  steps: readonly Step[];
  current: number;
  texts: Texts;
}) {
  return (
    <nav className="step-bar" aria-label={texts.progressLabel}>
      <ol className="step-bar__list">
        {steps.map((step, index) => {
          const status = stepStatus(index, current);
          return (
            <li
              key={step.name}
              className={`step-bar__step step-bar__step--${status}`}
              aria-current={status === 'active' ? 'step' : undefined}
            >
              <span className="step-bar__marker" aria-hidden="true">
                {status === 'completed' ? (
                  <svg viewBox="0 0 16 16" width="14" height="14">
                    <path
                      d="M3 8.5l3.2 3L13 4.5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                    />
                  </svg>
                ) : (
                  index + 1
                )}
              </span>
              <span className="step-bar__name">
                {step.name}
                {status === 'completed' && (
                  <span className="visually-hidden">
                    {' '}
                    ({texts.stepCompleted})
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

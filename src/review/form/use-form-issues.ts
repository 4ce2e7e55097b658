import { useEffect, useMemo, useState } from 'react';
import type { ConfigIssue, WizardConfig } from '#engine/config-schema.ts';
import { checkForm } from '#review-api/form.ts';
import { call } from '#review/lib/api.ts';
import { whenIdle } from '#web/lib/scheduling.ts';
import { coverIssues, issuesOf, sameIssues } from './editor-issues.ts';

/** The form is checked for the problem list this long after the last edit, once the browser is idle. */
const checkDelayMs = 250;
/** The e-mails are checked by the server this long after they change. */
const emailCheckDelayMs = 600;

/**
 * The problems of the form as edited: the start-up check's issues by path, the server's on the
 * e-mails, and the editor's own. `checkNow` checks at once, for a publish.
 */
export function useFormIssues(slug: string, present: WizardConfig | undefined) {
  // The check's issues of the form as it was last checked: at once when it loads, then when the
  // browser is idle after an edit (the preview checks what it shows itself).
  const [checkedIssues, setCheckedIssues] = useState<ConfigIssue[] | null>(
    null,
  );
  const hasLoaded = checkedIssues !== null;
  useEffect(() => {
    if (present && !hasLoaded) setCheckedIssues(issuesOf(present));
  }, [present, hasLoaded]);

  // Checking the whole form takes a few milliseconds on a slow laptop, too long for every keystroke:
  // a keystroke shows its letter and the preview first, and the issues follow once typing pauses
  // and the browser is idle (run between keystrokes, the check delayed the next one). Issues that
  // stay the same re-render nothing.
  useEffect(() => {
    if (!present) return;
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => {
        const found = issuesOf(present);
        setCheckedIssues((before) =>
          before && sameIssues(before, found) ? before : found,
        );
      });
    }, checkDelayMs);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [present]);

  // The e-mails are checked by the server only (they name staff addresses, so the browser's schema
  // does not carry their rules): asked a moment after they change.
  const notifications = present?.notifications;
  const [emailIssues, setEmailIssues] = useState<ConfigIssue[]>([]);
  useEffect(() => {
    if (!present) return;
    const timer = setTimeout(() => {
      call(checkForm, { params: { slug }, body: { config: present } }).then(
        (answer) =>
          setEmailIssues(
            answer.issues.filter((issue) =>
              issue.path.startsWith('notifications'),
            ),
          ),
        () => {},
      );
    }, emailCheckDelayMs);
    return () => clearTimeout(timer);
    // Only when the e-mails change; the rest of the form is checked here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notifications]);

  const covers = present?.coverImages;
  // The same list while the issues are the same: a keystroke changes nothing that shows them.
  const issues = useMemo(
    (): ConfigIssue[] => [
      ...emailIssues,
      ...(checkedIssues ?? []),
      ...coverIssues(covers),
    ],
    [checkedIssues, covers, emailIssues],
  );

  /** Checks a form at once (an edit may not be checked yet); whether it passes. */
  function checkNow(config: WizardConfig): boolean {
    const found = issuesOf(config);
    if (found.length > 0) setCheckedIssues(found);
    return found.length === 0;
  }

  return { issues, checkNow };
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  replaceEqualDeep,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  checkWizardConfig,
  type ConfigIssue,
  type WizardConfig,
} from '#engine/config-schema.ts';
import {
  checkForm,
  listFormVersions,
  publishForm,
  readForm,
  saveFormDraft,
} from '#review-api/form.ts';
import { ApiError, call, messageOf } from '#review/lib/api.ts';
import { queryKeys } from '#review/lib/query-keys.ts';
import { whenIdle } from '#web/lib/scheduling.ts';

type History = {
  past: WizardConfig[];
  present: WizardConfig;
  future: WizardConfig[];
};

/** Undo reaches this many edits back. */
const historyDepth = 200;
/** The draft is saved this long after the last edit. */
const saveDelayMs = 600;
/** The form is checked for the problem list this long after the last edit, once the browser is idle. */
const checkDelayMs = 250;

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

export type PublishOutcome = { text: string; isError: boolean } | null;

/** The start-up check's issues of a form, none when it passes. */
function issuesOf(config: WizardConfig): ConfigIssue[] {
  const checked = checkWizardConfig(config);
  return checked.ok ? [] : checked.issues;
}

const sameIssues = (a: readonly ConfigIssue[], b: readonly ConfigIssue[]) =>
  a.length === b.length &&
  a.every(
    (issue, index) =>
      issue.path === b[index]?.path && issue.message === b[index]?.message,
  );

/** The last edit sent as the editor closed: opening it again reads the draft after it is stored. */
let sentOnLeaving: Promise<unknown> = Promise.resolve();

const readFormAfterLeaving = async () => {
  await sentOnLeaving;
  return call(readForm);
};

/**
 * The form being edited: its history for undo and redo, the draft saved to the server as it
 * changes, the start-up check's issues by path, and publishing.
 */
export function useFormEditor() {
  const client = useQueryClient();
  const form = useQuery({
    queryKey: queryKeys.form,
    queryFn: readFormAfterLeaving,
    // Read once: the editor's own state is the truth while it is open (and forgotten as it closes).
    staleTime: Infinity,
  });
  const [history, setHistory] = useState<History | null>(null);
  const [baseVersion, setBaseVersion] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [saveError, setSaveError] = useState('');
  const [outcome, setOutcome] = useState<PublishOutcome>(null);
  const [isPublishing, setIsPublishing] = useState(false);
  const edits = useRef(0);
  // The check's issues of the form as it was last checked: at once when it loads, then when the
  // browser is idle after an edit (the preview checks what it shows itself).
  const [checkedIssues, setCheckedIssues] = useState<ConfigIssue[]>([]);

  const data = form.data;
  useEffect(() => {
    if (!data || history) return;
    const loaded = (data.draft ?? data.config) as WizardConfig;
    setHistory({ past: [], present: loaded, future: [] });
    setCheckedIssues(issuesOf(loaded));
    setBaseVersion(data.draftBaseVersion ?? data.version);
  }, [data, history]);

  const edit = useCallback((change: (config: WizardConfig) => void) => {
    setHistory((current) => {
      if (!current) return current;
      const next = structuredClone(current.present);
      change(next);
      return {
        past: [...current.past, current.present].slice(-historyDepth),
        // What the edit left alone keeps its identity, so the editor's rows it did not touch skip
        // their render.
        present: replaceEqualDeep(current.present, next),
        future: [],
      };
    });
    edits.current += 1;
    setSaveState('unsaved');
  }, []);

  const undo = useCallback(() => {
    setHistory((current) => {
      const previous = current?.past.at(-1);
      if (!current || !previous) return current;
      return {
        past: current.past.slice(0, -1),
        present: previous,
        future: [current.present, ...current.future],
      };
    });
    edits.current += 1;
    setSaveState('unsaved');
  }, []);

  const redo = useCallback(() => {
    setHistory((current) => {
      const next = current?.future[0];
      if (!current || !next) return current;
      return {
        past: [...current.past, current.present],
        present: next,
        future: current.future.slice(1),
      };
    });
    edits.current += 1;
    setSaveState('unsaved');
  }, []);

  const present = history?.present;
  // Saved a moment after the last edit; an edit made while a save is under way is saved after it.
  useEffect(() => {
    if (!present || saveState !== 'unsaved') return;
    const timer = setTimeout(() => {
      const saving = edits.current;
      setSaveState('saving');
      call(saveFormDraft, { body: { config: present, baseVersion } }).then(
        () => setSaveState(edits.current === saving ? 'saved' : 'unsaved'),
        (error: unknown) => {
          setSaveError(messageOf(error));
          setSaveState('failed');
        },
      );
    }, saveDelayMs);
    return () => clearTimeout(timer);
  }, [present, saveState, baseVersion]);

  // Leaving within the save's delay (another workspace screen, the browser's Back, a closed tab)
  // sends the last edit at once, in a request that outlives the page.
  const unsaved = useRef<{ config: WizardConfig; baseVersion: number } | null>(
    null,
  );
  useEffect(() => {
    unsaved.current =
      present && saveState !== 'saved'
        ? { config: present, baseVersion }
        : null;
  }, [present, saveState, baseVersion]);
  useEffect(() => {
    const sendNow = () => {
      const last = unsaved.current;
      if (!last) return;
      unsaved.current = null;
      sentOnLeaving = fetch(saveFormDraft.path, {
        method: saveFormDraft.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(last),
        credentials: 'same-origin',
        keepalive: true,
      }).catch(() => {});
    };
    window.addEventListener('pagehide', sendNow);
    return () => {
      window.removeEventListener('pagehide', sendNow);
      sendNow();
      // Coming back reads the draft anew: another admin may have changed it meanwhile.
      client.removeQueries({ queryKey: queryKeys.form });
    };
  }, [client]);

  // Closing the tab or leaving with an edit not yet on the server asks first.
  useEffect(() => {
    if (saveState === 'saved') return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [saveState]);

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
          sameIssues(before, found) ? before : found,
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
      call(checkForm, { body: { config: present } }).then(
        (answer) =>
          setEmailIssues(
            answer.issues.filter((issue) =>
              issue.path.startsWith('notifications'),
            ),
          ),
        () => {},
      );
    }, saveDelayMs);
    return () => clearTimeout(timer);
    // Only when the e-mails change; the rest of the form is checked here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [notifications]);

  const covers = present?.coverImages;
  // The same list while the issues are the same: a keystroke changes nothing that shows them.
  const issues = useMemo(
    (): ConfigIssue[] => [
      ...emailIssues,
      ...checkedIssues,
      // Beyond the start-up check: the editor does not publish a cover nobody described.
      ...(covers ?? []).flatMap((cover, index) =>
        cover.alt.trim()
          ? []
          : [
              {
                path: `coverImages[${index}].alt`,
                message: 'Describe the image for people who cannot see it.',
              },
            ],
      ),
    ],
    [checkedIssues, covers, emailIssues],
  );

  async function publish() {
    if (!present) return;
    // An edit made since the last check, before the browser was idle, is checked now.
    const found = issuesOf(present);
    if (found.length > 0) {
      setCheckedIssues(found);
      return;
    }
    setIsPublishing(true);
    setOutcome(null);
    try {
      const published = await call(publishForm, {
        body: { baseVersion, config: present },
      });
      setBaseVersion(published.version);
      setSaveState('saved');
      const dropped = published.droppedQuestions
        .map(
          (question) =>
            `“${question.label}” was answered in ${question.applications} stored application${question.applications === 1 ? '' : 's'}, which keep${question.applications === 1 ? 's' : ''} the answer`,
        )
        .join('. ');
      setOutcome({
        text: `Published version ${published.version}: ${published.summary}.${dropped ? ` ${dropped}.` : ''} New visitors see it within seconds.`,
        isError: false,
      });
      await client.invalidateQueries({ queryKey: queryKeys.formVersions });
    } catch (error) {
      setOutcome({
        text:
          error instanceof ApiError && error.status === 400
            ? `Not published: ${error.message} ${error.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`
            : `Not published: ${messageOf(error)}`,
        isError: true,
      });
    } finally {
      setIsPublishing(false);
    }
  }

  /** Starts again from the published version, after another admin published or a restore. */
  async function reload() {
    const fresh = await client.fetchQuery({
      queryKey: queryKeys.form,
      queryFn: () => call(readForm),
    });
    setHistory({
      past: history ? [...history.past, history.present] : [],
      present: fresh.config as WizardConfig,
      future: [],
    });
    setBaseVersion(fresh.version);
    setSaveState('unsaved');
  }

  return {
    loadError: form.isError ? messageOf(form.error) : null,
    config: present,
    issues,
    baseVersion,
    /** The version new visitors get, as it was when the editor opened or last started again. */
    publishedVersion: data?.version ?? 0,
    draftSavedBy: data?.draftSavedBy ?? null,
    edit,
    undo,
    redo,
    canUndo: (history?.past.length ?? 0) > 0,
    canRedo: (history?.future.length ?? 0) > 0,
    saveState,
    saveError,
    publish,
    isPublishing,
    outcome,
    reload,
  };
}

export type FormEditor = ReturnType<typeof useFormEditor>;

/** Every version, newest first. */
export function useFormVersions() {
  return useQuery({
    queryKey: queryKeys.formVersions,
    queryFn: () => call(listFormVersions),
  });
}

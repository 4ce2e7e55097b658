import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  replaceEqualDeep,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { WizardConfig } from '#engine/config-schema.ts';
import { isSameJson } from '#engine/same-json.ts';
import { withStepIds } from '#engine/step-ids.ts';
import { publishForm, readForm, restoreFormVersion } from '#review-api/form.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { formQuery, formVersionsQuery } from './form-queries.ts';
import {
  recordEdit,
  redo as redone,
  startHistory,
  undo as undone,
  type EditOptions,
  type EditorHistory,
} from './editor-history.ts';
import { notPublishedWords, publishedWords } from './publish-words.ts';
import { useDraftSaver } from './use-draft-saver.ts';
import { useFormIssues } from './use-form-issues.ts';

export type { SaveState } from './draft-saver.ts';

type PublishOutcome = { text: string; isError: boolean } | null;

/** The version new visitors get, as this editor last heard of it. */
type Published = { version: number; config: WizardConfig };

/**
 * The form being edited: its history for undo and redo, the draft saved to the server as it
 * changes, the start-up check's issues by path, publishing and restoring.
 */
export function useFormEditor(slug: string) {
  const client = useQueryClient();
  const form = useQuery(formQuery(slug));
  const [history, setHistory] = useState<EditorHistory<WizardConfig> | null>(
    null,
  );
  // The history and base as last set, for edits made one after another within one event.
  const latest = useRef(history);
  const [baseVersion, setBaseVersion] = useState(0);
  const base = useRef(0);
  const [published, setPublished] = useState<Published | null>(null);
  const [outcome, setOutcome] = useState<PublishOutcome>(null);
  const [isPublishing, setIsPublishing] = useState(false);
  const present = history?.present;
  const { issues, checkNow } = useFormIssues(slug, present);
  const { saver, saveState, saveError } = useDraftSaver(slug);

  const showHistory = (next: EditorHistory<WizardConfig>) => {
    latest.current = next;
    setHistory(next);
  };
  const setBase = (version: number) => {
    base.current = version;
    setBaseVersion(version);
  };
  const saveLatest = useCallback(() => {
    if (latest.current)
      saver.changed({
        config: latest.current.present,
        baseVersion: base.current,
      });
  }, [saver]);

  const data = form.data;
  useEffect(() => {
    if (!data || latest.current) return;
    // A form from before steps had ids gets them now, so that a step renamed or moved before the
    // next publish keeps the id the counts of its visits were made under.
    const loaded = withStepIds((data.draft ?? data.config) as WizardConfig);
    showHistory(startHistory(loaded));
    setBase(data.draftBaseVersion ?? data.version);
    setPublished({
      version: data.version,
      config: withStepIds(data.config as WizardConfig),
    });
  }, [data]);

  const move = useCallback(
    (next: EditorHistory<WizardConfig> | undefined) => {
      if (!next || next === latest.current) return;
      showHistory(next);
      saveLatest();
    },
    [saveLatest],
  );
  /**
   * Applies `change` to a copy of the form. Name the field it changes in `options` where one edit
   * changes more than one text (a label and the answer key made from it), so that typing in it is
   * one undo step.
   */
  const edit = useCallback(
    (change: (config: WizardConfig) => void, options?: EditOptions) => {
      const current = latest.current;
      if (!current) return;
      const next = structuredClone(current.present);
      change(next);
      // What the edit left alone keeps its identity, so the editor's rows it did not touch skip
      // their render.
      move(
        recordEdit(
          current,
          replaceEqualDeep(current.present, next),
          Date.now(),
          options,
        ),
      );
    },
    [move],
  );
  const undo = useCallback(
    () => move(latest.current ? undone(latest.current) : undefined),
    [move],
  );
  const redo = useCallback(
    () => move(latest.current ? redone(latest.current) : undefined),
    [move],
  );

  // Publishing the published version again would make a version that changes nothing.
  const hasChangesToPublish = useMemo(
    () => !!present && !!published && !isSameJson(present, published.config),
    [present, published],
  );

  /**
   * Runs a publish with no save of the draft landing after it (the server ends the draft); if the
   * publish fails, the draft is saved again.
   */
  async function withSavesHeld<T>(run: () => Promise<T>): Promise<T> {
    await saver.forget();
    try {
      return await run();
    } catch (error) {
      saveLatest();
      throw error;
    }
  }

  /** The editor on a version the server now publishes, as the draft's base. */
  function startFrom(version: number, config: WizardConfig) {
    setPublished({ version, config });
    setBase(version);
  }

  async function publish() {
    if (!present || !hasChangesToPublish) return;
    // An edit made since the last check, before the browser was idle, is checked now.
    if (!checkNow(present)) return;
    setIsPublishing(true);
    setOutcome(null);
    try {
      const answer = await withSavesHeld(() =>
        call(publishForm, {
          params: { slug },
          body: { baseVersion: base.current, config: present },
        }),
      );
      startFrom(answer.version, present);
      // An edit made while it was being published is the new draft, from the new version.
      if (latest.current?.present !== present) saveLatest();
      setOutcome({ text: publishedWords(answer), isError: false });
      await client.invalidateQueries({
        queryKey: formVersionsQuery(slug).queryKey,
      });
    } catch (error) {
      setOutcome({ text: notPublishedWords(error), isError: true });
    } finally {
      setIsPublishing(false);
    }
  }

  /**
   * Publishes a copy of an earlier version as a new one, and starts the editor again from it (its
   * draft ended, as a publish ends it); undo does not reach back past it.
   */
  async function restore(version: number) {
    const restored = await withSavesHeld(() =>
      call(restoreFormVersion, {
        params: { slug, version: String(version) },
      }),
    );
    const config = withStepIds(restored.config as WizardConfig);
    startFrom(restored.version, config);
    showHistory(startHistory(config));
    // Opened again, the editor reads the form afresh; until then nothing is left of the draft.
    client.setQueryData(
      formQuery(slug).queryKey,
      (before) =>
        before && {
          ...before,
          version: restored.version,
          config: restored.config,
          draft: null,
          draftSavedAt: null,
          draftSavedBy: null,
          draftBaseVersion: null,
        },
    );
    setOutcome({ text: publishedWords(restored), isError: false });
    await client.invalidateQueries({
      queryKey: formVersionsQuery(slug).queryKey,
    });
    return restored;
  }

  /**
   * Starts again from the published version, after another admin published; undo goes back. A
   * failure to read it is the outcome, and the draft stays as it was.
   */
  async function reload() {
    let fresh;
    try {
      fresh = await call(readForm, { params: { slug } });
    } catch (error) {
      setOutcome({
        text: `Not started again: ${messageOf(error)}`,
        isError: true,
      });
      return;
    }
    client.setQueryData(formQuery(slug).queryKey, fresh);
    const config = withStepIds(fresh.config as WizardConfig);
    startFrom(fresh.version, config);
    const current = latest.current;
    showHistory(
      current ? recordEdit(current, config, Date.now()) : startHistory(config),
    );
    // Saved as the draft with its new base, so that nobody opens it as behind again.
    saveLatest();
    setOutcome(null);
  }

  return {
    loadError: form.isError ? messageOf(form.error) : null,
    config: present,
    issues,
    baseVersion,
    /** The version new visitors get, as it was when the editor opened, or last published or restored. */
    publishedVersion: published?.version ?? 0,
    publishedConfig: published?.config ?? null,
    draftSavedBy: data?.draftSavedBy ?? null,
    /** Whether the form as edited differs from the published version; Publish has nothing to do when not. */
    hasChangesToPublish,
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
    restore,
  };
}

export type FormEditor = ReturnType<typeof useFormEditor>;

/** Every version, newest first. */
export function useFormVersions(slug: string) {
  return useQuery(formVersionsQuery(slug));
}

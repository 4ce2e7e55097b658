import { readForm, saveFormDraft } from '#review-api/form.ts';
import { api, call, hrefOf } from '#review/lib/api.ts';

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

/** What is saved: the form as edited, and the version it was edited from. */
export type Draft = { config: Record<string, unknown>; baseVersion: number };

/** The draft is saved this long after the last edit. */
const saveDelayMs = 600;

/**
 * Saves the draft a moment after the last change, one save at a time: a change made while a save
 * is under way is saved after it. Says how it stands through `onState`.
 */
export function createDraftSaver({
  save,
  onState,
  delayMs = saveDelayMs,
}: {
  save: (draft: Draft) => Promise<unknown>;
  onState: (state: SaveState, failure?: unknown) => void;
  delayMs?: number;
}) {
  /** The newest draft not yet on the server. */
  let unsaved: Draft | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();

  const stopWaiting = () => {
    clearTimeout(timer);
    timer = undefined;
  };

  const saveNow = () => {
    timer = undefined;
    saving = saving.then(async () => {
      const draft = unsaved;
      if (!draft) return;
      onState('saving');
      try {
        await save(draft);
        if (unsaved === draft) unsaved = null;
        onState(unsaved ? 'unsaved' : 'saved');
      } catch (failure) {
        onState(unsaved === draft ? 'failed' : 'unsaved', failure);
      }
    });
  };

  return {
    changed(draft: Draft) {
      unsaved = draft;
      onState('unsaved');
      stopWaiting();
      timer = setTimeout(saveNow, delayMs);
    },
    /** The draft not yet on the server, which is then taken as sent: for a page closing. */
    takeUnsaved(): Draft | null {
      const draft = unsaved;
      unsaved = null;
      stopWaiting();
      return draft;
    },
    /**
     * Forgets the draft waiting for its save (it was published, or is to be replaced), and settles
     * once a save under way has finished, so that nothing saved later undoes what comes next.
     */
    async forget(): Promise<void> {
      unsaved = null;
      stopWaiting();
      onState('saved');
      await saving;
    },
  };
}

/** The last edit sent as the editor closed: opening it again reads the draft after it is stored. */
let sentOnLeaving: Promise<unknown> = Promise.resolve();

/** Sends a draft in a request that outlives the page, for an editor closing within the save's delay. */
export function sendOnLeaving(slug: string, draft: Draft) {
  sentOnLeaving = api(hrefOf(saveFormDraft, { params: { slug } }), {
    method: saveFormDraft.method,
    body: draft,
    keepalive: true,
  }).catch(() => {});
}

/** The published form and its draft, once the draft sent as the editor last closed is stored. */
export async function readFormAfterLeaving(slug: string) {
  await sentOnLeaving;
  return call(readForm, { params: { slug } });
}

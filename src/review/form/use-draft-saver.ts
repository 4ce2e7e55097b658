import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { saveFormDraft } from '#review-api/form.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { formKey } from './form-queries.ts';
import {
  createDraftSaver,
  sendOnLeaving,
  type SaveState,
} from './draft-saver.ts';

/** The editor's draft saver, how its saving stands, and the last edit sent as the editor closes. */
export function useDraftSaver(slug: string) {
  const client = useQueryClient();
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [saveError, setSaveError] = useState('');
  const [saver] = useState(() =>
    createDraftSaver({
      save: (draft) => call(saveFormDraft, { params: { slug }, body: draft }),
      onState: (state, failure) => {
        setSaveState(state);
        if (failure !== undefined) setSaveError(messageOf(failure));
      },
    }),
  );

  // Leaving within the save's delay (another workspace screen, the browser's Back, a closed tab)
  // sends the last edit at once, in a request that outlives the page.
  useEffect(() => {
    const sendNow = () => {
      const draft = saver.takeUnsaved();
      if (draft) sendOnLeaving(slug, draft);
    };
    window.addEventListener('pagehide', sendNow);
    return () => {
      window.removeEventListener('pagehide', sendNow);
      sendNow();
      // Coming back reads the draft anew: another admin may have changed it meanwhile.
      client.removeQueries({ queryKey: formKey(slug) });
    };
  }, [client, saver, slug]);

  // Closing the tab or leaving with an edit not yet on the server asks first.
  useEffect(() => {
    if (saveState === 'saved') return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [saveState]);

  return { saver, saveState, saveError };
}

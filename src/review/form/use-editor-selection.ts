import { useCallback, useEffect, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { withChanges } from '#review/lib/with-changes.ts';
import {
  searchOfSelection,
  selectionAfter,
  selectionOfSearch,
  validSelection,
  type EditorSelection,
  type OutlineChange,
} from './editor-selection.ts';

/**
 * What the editor has open, fitted to the form as it is, and named in the address
 * (`?step=3&block=2`) so that a reload or a shared link opens the same place. The address is
 * replaced, not pushed: Back leaves the editor, as it did before.
 */
export function useEditorSelection(config: WizardConfig) {
  const [chosen, setChosen] = useState(() =>
    selectionOfSearch(new URLSearchParams(window.location.search)),
  );
  const selection = validSelection(chosen, config);
  const { section, step, block } = selection;
  useEffect(() => {
    const search = withChanges(
      new URLSearchParams(window.location.search),
      searchOfSelection({ section, step, block }),
    ).toString();
    const address = `${window.location.pathname}${search ? `?${search}` : ''}`;
    if (address !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(window.history.state, '', address);
  }, [section, step, block]);
  /** The selection following a move or removal in the outline. */
  const follow = useCallback(
    (change: OutlineChange) =>
      setChosen((current) => selectionAfter(current, change)),
    [],
  );
  const select = useCallback((next: EditorSelection) => setChosen(next), []);
  return { selection, select, follow };
}

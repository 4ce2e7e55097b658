import { createContext, use } from 'react';

/**
 * The call whose form the editor edits, from the editor's address: its slug, or null for the
 * default call (`/review/form`), which the form's own addresses name.
 */
export const EditedCallContext = createContext<string | null>(null);

export const useEditedCall = () => use(EditedCallContext);

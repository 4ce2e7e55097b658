import { createContext, useContext } from 'react';

/** The slug of the call whose form the editor has open. */
export const EditedCallContext = createContext('');

export const useEditedCall = () => useContext(EditedCallContext);

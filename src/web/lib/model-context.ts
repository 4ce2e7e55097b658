import { createContext, useContext } from 'react';
import type { ApplicationModel } from '#engine/application-schema.ts';

export const ModelContext = createContext<ApplicationModel | null>(null);

/** The compiled configuration every block reads its rules and texts from. */
export function useModel(): ApplicationModel {
  const model = useContext(ModelContext);
  if (!model) throw new Error('useModel needs a ModelContext provider');
  return model;
}

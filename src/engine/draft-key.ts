/**
 * The sessionStorage key of a tab's draft of one form. The page's own head reads it too, before the
 * wizard's script has arrived, to know whether the tab is coming back to a later step.
 */
export const draftStorageKey = (pageId: string) => `wizard-draft:${pageId}`;

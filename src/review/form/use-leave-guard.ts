import { useLayoutEffect } from 'react';

/** Asked before a workspace link leaves the editor while an edit is not yet on the server. */
const leaveQuestion =
  'Your last change is not saved yet. Leave the form editor anyway?';

/**
 * Asks before a link to another workspace screen is followed while `isUnsaved`. The workspace's
 * links change screens without loading a page, so the browser's own question on leaving
 * (`beforeunload`) never comes; the router offers no way to hold a navigation, so the click is
 * caught before it reaches the router. Links that load a page, or open a new tab, are left to the
 * browser: it asks on its own, or the editor stays open.
 */
export function useLeaveGuard(isUnsaved: boolean) {
  // Set in the commit that shows the change as unsaved, so a click right after typing is asked too.
  useLayoutEffect(() => {
    if (!isUnsaved) return;
    const onClick = (event: MouseEvent) => {
      if (
        event.button !== 0 ||
        event.ctrlKey ||
        event.metaKey ||
        event.shiftKey ||
        event.altKey ||
        !(event.target instanceof Element)
      )
        return;
      const link = event.target.closest('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank')
        return;
      const to = new URL(link.href);
      const isWorkspaceScreen =
        to.origin === window.location.origin &&
        to.pathname.startsWith('/review') &&
        !link.hasAttribute('download');
      if (isWorkspaceScreen && !window.confirm(leaveQuestion)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // In the capture phase at the document: before the router's own handler sees the click.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [isUnsaved]);
}

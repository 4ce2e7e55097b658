import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '#web/components/logo.tsx';
import { api } from '#review/lib/api.ts';
import { useReviewPage } from '#review/lib/review-page-context.ts';
import { useMe } from '#review/lib/use-me.ts';

/** The slim bar over every workspace screen: logo, screens, who is signed in, Sign out. */
export function WorkspaceFrame({ children }: { children: ReactNode }) {
  const { logo } = useReviewPage();
  const me = useMe();
  const signOut = async () => {
    await api('/api/review/session', { method: 'DELETE' });
    window.location.assign('/review/sign-in');
  };
  return (
    <div className="workspace">
      <header className="workspace__bar">
        {logo && <Logo logo={logo} className="workspace__logo" />}
        <nav className="workspace__screens" aria-label="Workspace">
          <Link href="/" className="workspace__screen">
            Applications
          </Link>
          <Link href="/settings" className="workspace__screen">
            Settings
          </Link>
          {me?.role === 'admin' && (
            <>
              <Link href="/staff" className="workspace__screen">
                Staff
              </Link>
              <Link href="/messages" className="workspace__screen">
                Messages
              </Link>
              <Link href="/audit" className="workspace__screen">
                Audit log
              </Link>
            </>
          )}
        </nav>
        <span className="workspace__me">{me?.email}</span>
        <button
          type="button"
          className="button button--outlined workspace__sign-out"
          onClick={() => void signOut()}
        >
          Sign out
        </button>
      </header>
      {children}
    </div>
  );
}

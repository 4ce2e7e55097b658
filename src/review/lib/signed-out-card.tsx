import type { FormEvent, ReactNode } from 'react';
import { Logo } from '#web/components/logo.tsx';
import { useReviewPage } from '#review/lib/review-page-context.ts';

/** The centred card of the pages one reaches signed out: the organisation's logo and name over a form. */
export function SignedOutCard({
  heading,
  onSubmit,
  describedBy,
  children,
}: {
  heading: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  describedBy?: string | undefined;
  children: ReactNode;
}) {
  const { logo, organisation } = useReviewPage();
  return (
    <main className="sign-in">
      <form
        className="sign-in__card"
        noValidate
        onSubmit={onSubmit}
        aria-describedby={describedBy}
      >
        {logo && <Logo logo={logo} className="sign-in__logo" />}
        <h1 className="sign-in__heading">{heading}</h1>
        {organisation && (
          <p className="sign-in__organisation">{organisation}</p>
        )}
        {children}
      </form>
    </main>
  );
}

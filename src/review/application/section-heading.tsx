import { createContext, useContext, type ReactNode } from 'react';

/**
 * The level of the headings of an application's sections: one below its name, which is the page's
 * heading (h1) on a narrow screen and a panel's (h2) beside the list.
 */
export const SectionLevelContext = createContext<'h2' | 'h3'>('h3');

export function SectionHeading({
  id,
  children,
}: {
  id?: string;
  children: ReactNode;
}) {
  const Heading = useContext(SectionLevelContext);
  return (
    <Heading id={id} className="panel__step-name">
      {children}
    </Heading>
  );
}

/** What came of an action: a success said politely, a failure said at once. */
export type Outcome = { text: string; isError: boolean };

/**
 * Both live regions stay in the page, empty until there is something to say, so that screen
 * readers announce what is written into them.
 */
export function OutcomeMessage({ outcome }: { outcome: Outcome | null }) {
  return (
    <>
      <p className="inbox__outcome" role="status">
        {outcome && !outcome.isError && outcome.text}
      </p>
      <p className="inbox__outcome error" role="alert">
        {outcome?.isError && outcome.text}
      </p>
    </>
  );
}

/** The words of a name safe in a file name: lower case, runs of anything else as one hyphen. */
const fileWordsOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The recovery codes as a download: named for the organisation's workspace and the account. */
export function recoveryCodesFile(
  codes: readonly string[],
  { organisation, email }: { organisation: string; email: string },
): { name: string; text: string } {
  const product = fileWordsOf(organisation) || 'workspace';
  const account = fileWordsOf(email);
  return {
    name: `${product}-recovery-codes${account && `-${account}`}.txt`,
    text: [
      `Recovery codes for ${email || 'your account'} at ${organisation || 'the workspace'}`,
      'Each signs you in once, in place of a code from your authenticator app.',
      '',
      ...codes,
      '',
    ].join('\n'),
  };
}

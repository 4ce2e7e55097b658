/**
 * What the applicant's own page (`/me`) says, in English. The server writes them into the page, so
 * the page's script carries none of them; `{name}` marks a value filled in.
 */
export const applicantPageTexts = {
  heading: 'Your applications',
  signInIntro:
    'Enter the e-mail address you applied with: we will send you a link to see where your applications stand.',
  emailLabel: 'Your e-mail',
  sendLink: 'Send me a link',
  sending: 'Sending…',
  linkSent:
    'If this address has applied, a link to your applications is on its way. It works once, for 30 minutes.',
  emailInvalid:
    'Enter the e-mail address you applied with, like name@example.com.',
  tooMany:
    'You have asked for several links in a short time. Wait a few minutes, then try again.',
  networkError:
    'We could not reach the server. Check your connection, then try again.',
  failed: 'Something went wrong on our side. Please try again in a moment.',
  openIntro:
    'Your link is ready. It works once: press the button to see your applications.',
  open: 'Open my applications',
  opening: 'Opening…',
  linkUsed:
    'This link has already been used or has expired. Ask for a new one below.',
  sessionEnded:
    'You have been signed out, as happens after a day. Ask for a new link to see your applications again.',
  signedOut: 'You are signed out.',
  loading: 'Loading your applications…',
  signedInAs: 'Signed in as {email}',
  received: 'Received {date}',
  none: 'There are no applications from this address yet.',
  seeOpenCalls: 'See the open calls',
  withdraw: 'Withdraw',
  withdrawTitle: 'Withdraw your application to {call}?',
  withdrawText:
    'The team will stop considering it and is told that you withdrew. You cannot undo this.',
  withdrawConfirm: 'Withdraw my application',
  withdrawn: 'Your application is withdrawn.',
  erase: 'Erase',
  eraseTitle: 'Erase your application to {call}?',
  eraseText:
    'Every answer in it, its history and the e-mails about it are deleted, and the team can no longer see it. Download your data first if you want a copy.',
  eraseConfirm: 'Erase it',
  eraseAgainTitle: 'Really erase your application to {call}?',
  eraseAgainText: 'This cannot be undone.',
  eraseAgainConfirm: 'Erase it for good',
  erased: 'Your application to {call} was erased.',
  cancel: 'Cancel',
  download: 'Download my data',
  signOut: 'Sign out',
  noScript:
    'This page needs JavaScript to show your applications. Please turn it on, then reload the page.',
} as const;

export type ApplicantPageTexts = Record<
  keyof typeof applicantPageTexts,
  string
>;

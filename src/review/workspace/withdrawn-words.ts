const whole = new Intl.NumberFormat('en');

/**
 * What a bulk move or decision adds about the applications it passed by because their applicants
 * withdrew them (staff never move those); nothing when there were none.
 */
export const leftWithdrawn = (count: number) =>
  count === 0
    ? ''
    : count === 1
      ? ' 1 application its applicant withdrew was left as it is.'
      : ` ${whole.format(count)} applications their applicants withdrew were left as they are.`;

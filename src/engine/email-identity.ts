/** Mail services that ignore dots in an address's local part, so `a.da@` and `ada@` are one inbox. */
const dotlessDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * The person an e-mail address stands for, as far as the address tells: lower case, without a
 * `+tag`, and without dots at Gmail. Two applications with one key are one person's.
 */
export function emailKeyOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const untagged = local.split('+')[0];
  if (untagged) local = untagged;
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (dotlessDomains.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

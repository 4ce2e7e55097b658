/** How every browser test launches Chromium, through Playwright's runner or Playwright as a library. */
export const chromiumLaunchOptions = {
  // Debian's Chromium: `npx playwright install` cannot download on these machines.
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // The machine has no internet: background services would only fail and slow the browser down.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

import { findOrInstall } from './apt-install';

/** The flags Chromium runs with in tests and checks here: headless, as root in a container, no GPU, no background calls. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Debian's Chromium (playwright-core drives it; `npx playwright install` cannot download here), installed when missing. */
export const findOrInstallChromium = () =>
  findOrInstall('chromium', 'chromium', {
    howToInstall: 'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) to run the browser tests.',
    takes: 'a minute or two',
  });

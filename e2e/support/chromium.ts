// Debian's Chromium, headless, as the browser journeys and the Lighthouse benchmark drive it:
// never a downloaded browser build, and none of its background traffic.

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

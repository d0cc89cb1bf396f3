// The Chromium every spec and bench drives: Debian's (installed by .ci/run via apt-get), so
// Playwright never downloads a browser here; headless, with what would reach the network off.
export const CHROMIUM = process.env['PLANVAS_CHROMIUM'] ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The window the specs and benches measure in. */
export const VIEWPORT = { width: 1440, height: 900 };

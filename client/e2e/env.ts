/** Ports and hosts of the e2e stack (overridable from the environment). */
export const e2eEnv = {
  apiPort: Number(process.env.E2E_API_PORT ?? 5055),
  webPort: Number(process.env.E2E_WEB_PORT ?? 4173),
  emulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199',
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
};

/** How every browser test starts Chromium (once per run, see global-setup.ts). */
export const chromiumLaunchOptions = {
  executablePath: e2eEnv.chromium,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

export const apiUrl = `http://127.0.0.1:${e2eEnv.apiPort}`;
export const webUrl = `http://127.0.0.1:${e2eEnv.webPort}`;

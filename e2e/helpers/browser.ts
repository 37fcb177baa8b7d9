import { type Browser, chromium } from 'playwright-core'

/**
 * Debian's Chromium, headless, with the flags this machine's closed network needs, and any a
 * journey adds (a fake microphone playing a file, for one).
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      ...extraArgs,
    ],
  })
}

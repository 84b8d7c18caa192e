import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from './system-deps.ts';

/** Flags of the tests' and benchmarks' Chromium: nothing of its own on the network, no GPU, no sandbox (CI). */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium, headless, driven by playwright-core: the one browser of the E2E tests and the benchmarks. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, timeout: 60_000 });
}

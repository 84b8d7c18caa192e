import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from '../lib/system-deps.ts';

/** Flags of every benchmark's Chromium: nothing of its own on the network, no GPU, no sandbox (CI). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The benchmarks' Chromium (Debian's, driven by playwright-core). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

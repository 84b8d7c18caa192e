/**
 * Office files to PDF with LibreOffice headless (docs/decisions.md decision 50): one `soffice` process
 * per conversion, with a profile of its own in a temporary folder (two instances sharing a profile wait
 * on each other's lock), killed with its whole process group when it outlives the timeout. Every
 * temporary file goes, whatever happens.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEFAULT_SOFFICE_PATH = '/usr/bin/soffice';

export interface OfficeConverter {
  /** Whether the converter binary is there and executable (checked on each call: it may be installed later). */
  available(): boolean;
  /** The PDF of the document; throws with a short reason when the converter fails or times out. */
  convert(bytes: Uint8Array, fileName: string): Promise<Uint8Array>;
}

export interface OfficeConverterOptions {
  /** SOFFICE_PATH, default /usr/bin/soffice. */
  sofficePath?: string;
  /** A conversion still running after this is killed (default 120 s). */
  timeoutMs?: number;
}

const SAFE_EXTENSIONS = new Set(['.docx', '.doc', '.odt', '.rtf', '.xlsx', '.xls', '.ods', '.pptx', '.ppt', '.odp']);

export function officeConverter(opts: OfficeConverterOptions = {}): OfficeConverter {
  const path = opts.sofficePath || DEFAULT_SOFFICE_PATH;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  return {
    available() {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    async convert(bytes, fileName) {
      const dir = await mkdtemp(join(tmpdir(), 'dataroom-office-'));
      try {
        // The name on disk is ours (names are data, never paths); only its extension tells LibreOffice the filter.
        const ext = extname(fileName).toLowerCase();
        const input = join(dir, `document${SAFE_EXTENSIONS.has(ext) ? ext : ''}`);
        const outDir = join(dir, 'out');
        await writeFile(input, bytes);
        await run(
          path,
          [
            `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
            '--headless',
            '--norestore',
            '--nolockcheck',
            '--convert-to',
            'pdf',
            '--outdir',
            outDir,
            input,
          ],
          timeoutMs,
          dir,
        );
        const made = (await readdir(outDir).catch(() => [] as string[])).find((f) => f.endsWith('.pdf'));
        if (!made) throw new Error('The converter produced no PDF');
        return new Uint8Array(await readFile(join(outDir, made)));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs the converter in its own process group; kills the group on timeout. */
function run(command: string, args: string[], timeoutMs: number, home: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    let timedOut = false;
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', SAL_USE_VCLPLUGIN: 'svp' },
    });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`The converter could not start: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // Whatever it left running (oosplash's soffice.bin) goes with it.
      killGroup();
      if (timedOut) reject(new Error(`The conversion took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`));
      else if (code !== 0)
        reject(
          new Error(
            `The converter failed (${signal ?? `exit ${code}`})${stderr.trim() ? `: ${stderr.trim().slice(0, 300)}` : ''}`,
          ),
        );
      else resolve();
    });
  });
}

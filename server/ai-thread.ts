/**
 * One thread of the AI pool (server/ai-threads.ts): reads documents and runs the built-in classifier and
 * metadata reader off the API's event loop; in the stamping pool (server/stamp-threads.ts), draws the
 * viewer's stamp. pdf.js is loaded here, never in the API's thread: its
 * polyfills replace globals (JSON.stringify among them) in whatever realm imports it (issue 33).
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { extractText } from '../supabase/functions/_shared/ai/extract.ts';
import { classify } from '../supabase/functions/_shared/ai/classifier.ts';
import { generateMetadata } from '../supabase/functions/_shared/ai/metadata.ts';
import { HttpError } from '../supabase/functions/_shared/errors.ts';
import type { StampTemplate } from '../supabase/functions/_shared/ports.ts';
import type { AiThreadData, ThreadAnswer, ThreadJob } from './ai-threads.ts';

const port = parentPort!;

/** A background thread's niceness: under contention the API's threads get about nine tenths of a core. */
const BACKGROUND_NICE = 10;

if ((workerData as AiThreadData).background) {
  // Linux names this thread's own id in /proc/thread-self ("<pid>/task/<tid>"), and a priority set on
  // that id holds for this thread alone. Elsewhere the thread keeps the API's priority.
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), BACKGROUND_NICE);
  } catch {
    // No /proc (macOS), or not allowed: it runs as before, only without yielding.
  }
}

async function run(job: ThreadJob): Promise<unknown> {
  switch (job.op) {
    case 'extract':
      return await extractText(job.fileName, job.contentType, job.bytes, job.totalBytes);
    case 'classify':
      return { result: classify(job.input), provider: 'builtin' };
    case 'metadata':
      return { result: generateMetadata(job.fileName, job.text), provider: 'builtin' };
    case 'prepare-stamp':
      return (await loadWatermark()).prepareStamp(job.bytes, job.kind);
  }
}

const isTemplate = (result: unknown): result is StampTemplate =>
  typeof result === 'object' && result !== null && (result as StampTemplate).pdf instanceof Uint8Array;

/** pdf-lib loads with the first stamp: a thread that only reads documents never holds it. */
let watermark: Promise<typeof import('../supabase/functions/_shared/viewer/watermark.ts')> | undefined;
const loadWatermark = () => (watermark ??= import('../supabase/functions/_shared/viewer/watermark.ts'));

port.on('message', (job: ThreadJob) => {
  run(job).then(
    // A stamp template's PDF goes back transferred, not copied.
    (result) =>
      port.postMessage(
        { id: job.id, result } satisfies ThreadAnswer,
        isTemplate(result) ? [result.pdf.buffer as ArrayBuffer] : [],
      ),
    (err) =>
      port.postMessage({
        id: job.id,
        error: err instanceof Error ? err.message : String(err),
        ...(err instanceof HttpError ? { status: err.status } : {}),
      } satisfies ThreadAnswer),
  );
});

// Modules loaded (through tsx in tests, that takes seconds): the job clocks may start. pdf.js is loaded
// with the first PDF, inside extraction's own time limit as it always was, so a thread that only
// classifies never holds it.
port.postMessage('ready');

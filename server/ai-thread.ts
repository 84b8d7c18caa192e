/**
 * One thread of the AI pool (server/ai-threads.ts): reads documents and runs the built-in classifier and
 * metadata reader off the API's event loop. pdf.js is loaded here, never in the API's thread: its
 * polyfills replace globals (JSON.stringify among them) in whatever realm imports it (issue 33).
 */
import { parentPort } from 'node:worker_threads';
import { extractText } from '../supabase/functions/_shared/ai/extract.ts';
import { classify } from '../supabase/functions/_shared/ai/classifier.ts';
import { generateMetadata } from '../supabase/functions/_shared/ai/metadata.ts';
import type { ThreadAnswer, ThreadJob } from './ai-threads.ts';

const port = parentPort!;

async function run(job: ThreadJob): Promise<unknown> {
  switch (job.op) {
    case 'extract':
      return await extractText(job.fileName, job.contentType, job.bytes, job.totalBytes);
    case 'classify':
      return { result: classify(job.input), provider: 'builtin' };
    case 'metadata':
      return { result: generateMetadata(job.fileName, job.text), provider: 'builtin' };
  }
}

port.on('message', (job: ThreadJob) => {
  run(job).then(
    (result) => port.postMessage({ id: job.id, result } satisfies ThreadAnswer),
    (err) => port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) } satisfies ThreadAnswer),
  );
});

// Modules loaded (through tsx in tests, that takes seconds): the job clocks may start. pdf.js is loaded
// with the first PDF, inside extraction's own time limit as it always was, so a thread that only
// classifies never holds it.
port.postMessage('ready');

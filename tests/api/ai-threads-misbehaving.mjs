/* global setTimeout */
// A thread for tests/api/ai-threads.test.ts that misbehaves on cue, by the file's name: "hang" loops
// forever, "crash" throws outside any job, anything else answers at once with its name as the text.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (job) => {
  if (job.fileName.includes('hang')) for (;;);
  if (job.fileName.includes('crash'))
    setTimeout(() => {
      throw new Error('the thread crashed');
    });
  else
    parentPort.postMessage({
      id: job.id,
      result: { text: `${job.fileName} (${job.bytes?.byteLength ?? 0} bytes)`, truncated: false, extraction: 'full' },
    });
});
parentPort.postMessage('ready');

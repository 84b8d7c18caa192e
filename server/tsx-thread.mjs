// A worker thread running a TypeScript module (workerData.module), under `npm run dev` and the tests:
// Node 20 applies a parent's `--import tsx` to a worker's modules only after loading its entry module, so
// this plain module registers tsx's loader first (server/ai-threads.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);

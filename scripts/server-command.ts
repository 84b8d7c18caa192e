// How `npm start` runs the server, for everything else that starts it the same way (the end-to-end
// tests, the benchmarks). package.json's start script spells the same out; tests/api/server-command.test.ts
// keeps the two equal.
//
// - `exec`: npm runs the script through `sh -c`; without it the shell stays between npm and Node, and the
//   SIGTERM npm passes on to the shell killed only the shell, leaving the server running (issue 29).
// - MALLOC_ARENA_MAX=2 and a 2 MB young generation keep the server small under load (README). A larger one
//   saves CPU only at low concurrency, not under the load benchmark's 50 clients (decision 70).
// - A 64 MB initial old generation: every socket read is a new 64 KiB buffer, and with V8's limit
//   computed from a ~20 MB live heap, an upload set off a full collection every ~14 MB received
//   (85 per 2 GiB); with it, none, and the server's CPU per GiB uploaded fell from 2.0 s to 1.0 s.
const SERVER_NODE_ARGS = ['--max-semi-space-size=2', '--initial-old-space-size=64', '--enable-source-maps'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
const START_SCRIPT = 'scripts/start.mjs';

/** Arguments for `spawn(process.execPath, …)`. */
export const serverArgs = () => [...SERVER_NODE_ARGS, START_SCRIPT];

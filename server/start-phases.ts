// Where a start's time goes, phase by phase (decision 55). `npm start` marks its own steps (scripts/start.mjs)
// and the server each step before it listens, all in one list on globalThis (start.mjs is not bundled with
// the server). With START_PHASES=1 the server prints them as one line, `start-phases {...}`, once it
// listens; the start-up bench (scripts/bench/startup.ts) reads it.
const KEY = Symbol.for('dataroom.startPhases');
const marks = ((globalThis as Record<symbol, unknown>)[KEY] ??= []) as [name: string, at: number][];

/** Marks the end of the phase `name`: it lasted from the previous mark (or the process's start) to now. */
export function phaseDone(name: string): void {
  // Servers started again and again in one process (the tests) stop adding marks after a while.
  if (marks.length < 100) marks.push([name, performance.now()]);
}

/** `{ "node": 40, "build": 12, … }`: each phase's milliseconds, in order. */
export function startPhases(): Record<string, number> {
  return Object.fromEntries(marks.map(([name, at], i) => [name, Math.round(at - (i ? marks[i - 1][1] : 0))]));
}

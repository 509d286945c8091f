// A bench's CPU figures (issue 35): the CPU seconds a process tree used (user + system, read from
// Linux's /proc: the emulator, the function runtimes it forked and their worker threads), and a
// reproducible "loaded machine" — busy loops in a session of their own, as another person's work
// is (the kernel's autogroup shares the CPU between sessions, then within each), so a
// figure measured beside them depends less on what else runs here. Report os.loadavg() with both.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** Clock ticks a second of /proc's times (USER_HZ: 100 on every Linux this runs on). */
const TICKS = 100;

/** @param {number} pid @returns {{ ppid: number, ticks: number } | null} utime + stime + cutime + cstime */
function stat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const n = (/** @type {number} */ field) => Number(fields[field - 3]);
  return { ppid: n(4), ticks: n(14) + n(15) + n(16) + n(17) };
}

/**
 * CPU seconds (user + system) used so far by `pid` and every process under it, threads included;
 * a descendant that ended counts in its parent's (it was waited for). Linux only; null elsewhere.
 * @param {number} pid
 * @returns {number | null}
 */
export function treeCpuSeconds(pid) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return null;
  }
  /** @type {Map<number, number[]>} */
  const children = new Map();
  /** @type {Map<number, number>} */
  const ticks = new Map();
  for (const p of pids) {
    const s = stat(p);
    if (!s) continue;
    ticks.set(p, s.ticks);
    children.set(s.ppid, [...(children.get(s.ppid) ?? []), p]);
  }
  if (!ticks.has(pid)) return null;
  let total = 0;
  const queue = [pid];
  while (queue.length) {
    const p = /** @type {number} */ (queue.pop());
    total += ticks.get(p) ?? 0;
    queue.push(...(children.get(p) ?? []));
  }
  return total / TICKS;
}

/** The 1-minute load average, as `uptime` shows it. */
export const load1 = () => Math.round(loadavg()[0] * 100) / 100;

/**
 * `count` busy loops — threads of one process in a session of its own, as another person's work on
 * the machine is (a test run of theirs: many processes in one session). Linux's autogroup scheduling
 * shares the cores between sessions first, so the export then gets about half of a 2-core machine,
 * whatever `count`; the load average counts every loop (4 on 2 cores: ~6 with the export's own).
 * `apart`: each loop a process in a session of its own instead (`count` people's work at once), so
 * the export's session gets about 2 / (count + 1) of a 2-core machine.
 * `stop()` ends them (also when the bench exits).
 * @param {number} count
 * @param {{ apart?: boolean }} [options]
 * @returns {{ stop: () => void }}
 */
export function startBusyLoops(count, { apart = false } = {}) {
  const script = (/** @type {number} */ threads) => `const { Worker } = require('node:worker_threads'); for (let i = 1; i < ${threads}; i += 1) new Worker('for (;;) {}', { eval: true }); for (;;) {}`;
  const loops = (apart ? Array.from({ length: count }, () => script(1)) : [script(count)])
    .map((code) => spawn(process.execPath, ['-e', code], { detached: true, stdio: 'ignore' }));
  const stop = () => {
    for (const loop of loops) if (loop.exitCode === null && loop.signalCode === null) loop.kill('SIGKILL');
  };
  process.once('exit', stop);
  return { stop };
}

/**
 * `measure()`'s result with the CPU seconds the tree of `pid` used meanwhile and the load before and after.
 * @template {object} T
 * @param {number} pid
 * @param {() => Promise<T>} measure
 * @returns {Promise<T & { cpuSeconds: number | null, load: [number, number] }>}
 */
export async function withCpu(pid, measure) {
  const before = treeCpuSeconds(pid);
  const loadBefore = load1();
  const result = await measure();
  const after = treeCpuSeconds(pid);
  const cpuSeconds = before === null || after === null ? null : Math.round((after - before) * 10) / 10;
  return { ...result, cpuSeconds, load: [loadBefore, load1()] };
}

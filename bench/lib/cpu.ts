// CPU time used by processes (Linux /proc), so a benchmark on a shared machine can also report the
// cost of each operation, which other tenants' load does not change much, next to its throughput.
import { readFileSync } from 'node:fs';

/** Linux reports utime/stime in clock ticks of 1/100 s (USER_HZ; fixed at 100 on every mainstream arch). */
const TICK_MS = 10;

/** User + system CPU milliseconds of one process so far (0 when it is gone). */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** `pid` and all its descendants (e.g. tsx and the node process it runs). */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const p = out[i]!;
    try {
      for (const task of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/)) if (task) out.push(Number(task));
    } catch {
      // gone, or no children file
    }
  }
  return out;
}

/** CPU milliseconds per process id, now. */
export function cpuSnapshot(pids: number[]): Map<number, number> {
  return new Map(pids.map((p) => [p, processCpuMs(p)]));
}

/** CPU milliseconds used by `pids` since `before` (a process absent from `before` counts from zero). */
export function cpuSince(before: Map<number, number>, pids: number[]): number {
  return pids.reduce((sum, p) => sum + Math.max(0, processCpuMs(p) - (before.get(p) ?? 0)), 0);
}

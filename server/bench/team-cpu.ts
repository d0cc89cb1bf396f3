// CPU time the team bench's server processes use, read from /proc (Linux): the two setups run
// the same load on the same cores, so CPU per event says where a throughput gap comes from.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks a second, the unit of /proc/<pid>/stat's times (100 on every usual Linux). */
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

interface ProcStat {
  ppid: number;
  /** utime + stime, in seconds. */
  cpu: number;
}

/** Every live process' parent and CPU time; empty where there is no /proc. */
function readProcesses(): Map<number, ProcStat> {
  const out = new Map<number, ProcStat>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return out;
  }
  for (const name of entries) {
    let text: string;
    try {
      text = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // Gone meanwhile.
    }
    // The command name (field 2) may hold spaces and parentheses: the fields after it start past the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state, ppid, …; utime and stime are the 14th and 15th fields overall.
    out.set(Number(name), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / clockTicks() });
  }
  return out;
}

/**
 * CPU seconds used so far by each labelled process and its live descendants (PostgreSQL's
 * backends are the postmaster's children). Undefined where /proc cannot be read.
 */
export function cpuSeconds(processes: ReadonlyArray<{ label: string; pid: number }>): Map<string, number> | undefined {
  const all = readProcesses();
  if (all.size === 0) return undefined;
  const children = new Map<number, number[]>();
  for (const [pid, stat] of all) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  const treeCpu = (pid: number): number => (all.get(pid)?.cpu ?? 0) + (children.get(pid) ?? []).reduce((sum, child) => sum + treeCpu(child), 0);
  const out = new Map<string, number>();
  for (const { label, pid } of processes) out.set(label, (out.get(label) ?? 0) + treeCpu(pid));
  return out;
}

/** What each label used between two readings (a process that exited in between counts as 0). */
export function cpuUsed(before: Map<string, number> | undefined, after: Map<string, number> | undefined): Map<string, number> | undefined {
  if (!before || !after) return undefined;
  return new Map([...after].map(([label, seconds]) => [label, Math.max(0, seconds - (before.get(label) ?? 0))]));
}

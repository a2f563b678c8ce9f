import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { stopChild } from '@docsvc/embedded';

export { isRunning } from '@docsvc/embedded';

export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** The command line, arguments joined by spaces. */
  cmdline: string;
}

/** Every process of the machine, from /proc. */
export function processTable(): ProcessEntry[] {
  const out: ProcessEntry[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.push({ pid: Number(entry), ppid, cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim() });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Processes whose parent is `ppid`. */
export const childProcesses = (ppid: number): ProcessEntry[] => processTable().filter((p) => p.ppid === ppid);

/** `rootPid` and every process under it, parents before children. */
export function processTree(rootPid: number): ProcessEntry[] {
  const all = processTable();
  const tree: ProcessEntry[] = [];
  const walk = (pid: number) => {
    for (const p of all.filter((q) => q.ppid === pid)) {
      tree.push(p);
      walk(p.pid);
    }
  };
  const root = all.find((p) => p.pid === rootPid);
  if (root) tree.push(root);
  walk(rootPid);
  return tree;
}

/** Resident and peak resident memory of a process from /proc/<pid>/status, in MB to one decimal (undefined once it is gone). */
export function procMemory(pid: number): { rssMb: number; hwmMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
    const mb = (field: string) => Math.round((kb(field) / 1024) * 10) / 10;
    return { rssMb: mb('VmRSS'), hwmMb: mb('VmHWM') };
  } catch {
    return undefined;
  }
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
export const stopProcess = (child: ChildProcess, graceMs = 5_000): Promise<void> => stopChild(child, graceMs);

import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SEC = 100;

/** user + system CPU seconds a process has used so far (0 once it is gone). */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // The command name (field 2) may contain spaces: count fields from the closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICKS_PER_SEC;
  } catch {
    return 0;
  }
}

/** user + system CPU seconds of a process and of its children now alive (PostgreSQL's postmaster and backends). */
export function treeCpuSeconds(rootPid: number): number {
  let total = cpuSeconds(rootPid);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === rootPid) total += cpuSeconds(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The postmaster's pid of a data directory (first line of postmaster.pid). */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

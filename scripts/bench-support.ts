import { createScratchDatabase, type ScratchDatabase } from '../apps/server/test/support/scratch-database.js';

export type { ScratchDatabase };

/**
 * A throwaway, migrated database for a benchmark: a new database on the PostgreSQL server
 * DATABASE_URL names, or PGlite in a temporary directory. The tests' scratch helper, with
 * the benchmarks' choice of server.
 */
export function scratchDatabase(label: string): Promise<ScratchDatabase> {
  return createScratchDatabase(label, { server: process.env.DATABASE_URL });
}

/** The p-th percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CPU seconds (Linux /proc): busy on the whole machine, and of each given process (`self` by default); undefined elsewhere. */
export async function cpuSeconds(pids: number[] = []): Promise<{ machine: number; processes: Map<number | 'self', number> } | undefined> {
  const { readFile } = await import('node:fs/promises');
  const TICKS = 100; // USER_HZ
  try {
    const [cpu] = (await readFile('/proc/stat', 'utf8')).split('\n');
    // user nice system idle iowait irq softirq steal
    const [user, nice, system, , , irq, softirq, steal] = cpu.split(/\s+/).slice(1).map(Number);
    const processes = new Map<number | 'self', number>();
    for (const pid of ['self' as const, ...pids]) {
      // A process may end meanwhile (a closed connection): it then counts for nothing.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
      if (!stat) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS);
    }
    return { machine: (user + nice + system + irq + softirq + steal) / TICKS, processes };
  } catch {
    return undefined;
  }
}

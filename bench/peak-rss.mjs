// @ts-check
// Loaded with `node --import`: when the process exits, writes its peak resident set size (KiB) and
// CPU time (user and system, µs; all threads) as JSON to $BENCH_RSS_FILE, so the benchmark
// measures any Node CLI the same way.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    try {
      const { user, system } = process.cpuUsage();
      writeFileSync(file, JSON.stringify({ maxRssKiB: process.resourceUsage().maxRSS, userUs: user, systemUs: system }));
    } catch {
      // the benchmark falls back to polling /proc
    }
  });
}

// Runs the CLI in-process with captured output (no TTY), for tests that check what a user sees.
import { main, type CliIo } from '../../src/cli.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], cwd: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd, stderrIsTTY: false, stdoutIsTTY: false };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

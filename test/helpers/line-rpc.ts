// Newline-delimited JSON-RPC over a child process's stdio (a server run with serveStdio): send a
// request, resolve with the reply carrying its id. Shared by the stdio end-to-end tests.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

export interface RpcReply {
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export function lineRpc(child: ChildProcessWithoutNullStreams): {
  rpc: (message: { id: number } & Record<string, unknown>) => Promise<RpcReply>;
  stderr: () => string;
} {
  const waiting = new Map<number, (reply: RpcReply) => void>();
  let buffer = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line) continue;
      const message = JSON.parse(line) as RpcReply;
      if (typeof message.id === 'number') waiting.get(message.id)?.(message);
    }
  });
  const rpc = (message: { id: number } & Record<string, unknown>) =>
    new Promise<RpcReply>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to ${message.id} within 15s; stderr: ${stderr}`)), 15_000);
      waiting.set(message.id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      child.stdin.write(`${JSON.stringify(message)}\n`);
    });
  return { rpc, stderr: () => stderr };
}

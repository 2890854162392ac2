import type { ChildProcess } from 'node:child_process';

/**
 * For a bench whose load runs in a child process that reports with `{ kind, … }` messages (`M`):
 * a function waiting for the child's next message of one kind, typed as that kind. It rejects if
 * the child ends first, so a bench never waits for a process that is gone.
 */
export function messagesOf<M extends { kind: string }>() {
  return <K extends M['kind']>(child: ChildProcess, kind: K): Promise<Extract<M, { kind: K }>> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the client process ended early (${code})`));
      const onMessage = (m: M) => {
        if (m.kind !== kind) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m as Extract<M, { kind: K }>);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
}

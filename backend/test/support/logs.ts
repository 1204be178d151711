/** Everything the process writes to stdout (where the app's JSON logs go) from `start()` until `stop()`. */
export function captureStdout(): { start(): void; stop(): void; text(): string; clear(): void } {
  const lines: string[] = [];
  const originalWrite = process.stdout.write.bind(process.stdout);
  return {
    start() {
      process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        lines.push(String(chunk));
        return (originalWrite as (...a: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof process.stdout.write;
    },
    stop() {
      process.stdout.write = originalWrite;
    },
    text: () => lines.join(''),
    clear() {
      lines.length = 0;
    },
  };
}

// `pnpm pdbscope <command> (SNAPSHOT | --kubeconfig FILE | --context NAME) ...`: the I/O shell
// around the pure core (@pdbscope/shared/cli): read the file or list the cluster, read the clock,
// write the output, exit with the code the logic chose.
import { runPdbscope } from '../src/main.js';

const result = await runPdbscope({
  argv: process.argv.slice(2),
  env: process.env,
  now: new Date(),
  stderr: process.stderr,
});
// `pdbscope ... | head` closes the pipe early: that is not an error, keep the command's exit code.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(result.exitCode);
  throw e;
});
const written = (stream: NodeJS.WriteStream, text: string) =>
  new Promise<void>((resolve) => stream.write(text, () => resolve()));
await written(process.stdout, result.stdout);
await written(process.stderr, result.stderr);
// A live cluster's keep-alive connections would hold the process open: the answer is out, exit.
process.exit(result.exitCode);

// `pnpm pdbscope <command> SNAPSHOT ...`: the I/O shell around src/cli (read the file, read the
// clock, write the output, exit with the code the logic chose).
import { runCli } from '../src/cli/index.js';
import { readFile, readSources } from './sources.js';

const result = runCli({ argv: process.argv.slice(2), readFile, readSources, now: new Date() });
// `pdbscope ... | head` closes the pipe early: that is not an error, keep the command's exit code.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(result.exitCode);
  throw e;
});
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;

// `pnpm pdbscope <command> SNAPSHOT ...`: the I/O shell around src/cli (read the file, read the
// clock, write the output, exit with the code the logic chose).
import { readFileSync } from 'node:fs';
import { runCli } from '../src/cli/index.js';
import type { Result } from '../src/result/index.js';

function readFile(path: string): Result<string> {
  try {
    return { ok: true, value: readFileSync(path === '-' ? 0 : path, 'utf8') };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return {
      ok: false,
      error:
        err.code === 'ENOENT'
          ? 'no such file'
          : err.code === 'EISDIR'
            ? 'is a directory'
            : err.message,
    };
  }
}

const result = runCli({ argv: process.argv.slice(2), readFile, now: new Date() });
// `pdbscope ... | head` closes the pipe early: that is not an error, keep the command's exit code.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(result.exitCode);
  throw e;
});
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.exitCode;

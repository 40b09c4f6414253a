import type { Result } from '../result/index.js';
import type { Snapshot, SourceFile } from '../snapshot/types.js';

/** What the command prints and returns; the bin file writes it out. */
export interface CliResult {
  exitCode: 0 | 2 | 3;
  stdout: string;
  stderr: string;
}

export interface CliEnvironment {
  argv: readonly string[];
  /** Reads the snapshot (a path, or "-" for stdin); an error is a message, not a throw. */
  readFile: (path: string) => Result<string>;
  /**
   * Reads a file, or a directory's .yaml, .yml and .json files (recursively, sorted by path, as
   * `kubectl apply -f DIR -R`); absent: only files, through `readFile`.
   */
  readSources?: (path: string) => Result<SourceFile[]>;
  /**
   * The live cluster, listed by the shell for a command with `--kubeconfig`/`--context` (read as
   * a snapshot of it would be); absent: such a command is refused.
   */
  cluster?: Snapshot;
  /** The clock, read by the bin file; `--now` overrides it. */
  now: Date;
}

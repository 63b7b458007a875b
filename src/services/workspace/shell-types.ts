// The shell's data shapes, apart from shell.ts so that the sandboxes and limits can name them without a cycle.

/** A file as the workspace stores it. */
export interface WsFile {
  path: string;
  content: string;
  encoding: 'utf8' | 'base64';
}

/** Why a sandbox stopped a command before it finished (the command's own exit status is not one). */
export type ShellStop = 'timeout' | 'execution_limit' | 'cpu_limit' | 'file_size_limit' | 'memory_limit' | 'sandbox';

export interface ShellResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** the workspace after the command (regular files only) */
  files: WsFile[];
  /** links and special files the command left, which the workspace does not keep */
  skipped: Skipped[];
  /** set when a limit or the sandbox stopped the command */
  stopped?: ShellStop;
  /** which sandbox ran it */
  sandbox: 'just-bash' | 'bubblewrap';
}

export interface ShellOptions {
  /** mock time for `date` */
  now: string;
  timeoutMs: number;
  maxOutput: number;
}

/** A link or special file a command left, which the workspace does not keep. */
export interface Skipped {
  path: string;
  type: 'symlink' | 'special';
}

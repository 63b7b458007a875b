/** Every failure the CLI can report: a stable code plus a message that names the file/path and the fix. */
export type CoworkErrorCode =
  | 'bad_input' // a user file or flag is wrong
  | 'spec_invalid' // a TaskSpec failed validation
  | 'not_found' // a named file, task or record does not exist
  | 'io_error' // the filesystem refused
  | 'config' // missing or wrong environment configuration
  | 'grade_failed' // --strict and something did not pass
  | 'internal'; // a bug in coworkenv

const EXIT_CODES: Record<CoworkErrorCode, number> = {
  bad_input: 1,
  spec_invalid: 1,
  not_found: 1,
  io_error: 1,
  config: 1,
  grade_failed: 2,
  internal: 3,
};

/**
 * A user-facing failure of CoworkEnv; the CLI prints `message` without a stack and exits with `exitCode`.
 * When it wraps a lower-level failure (a filesystem or parse error) that error is its `cause`.
 */
export class CoworkError extends Error {
  readonly code: CoworkErrorCode;
  readonly details?: unknown;
  constructor(code: CoworkErrorCode, message: string, details?: unknown, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CoworkError';
    this.code = code;
    this.details = details;
  }
  get exitCode(): number {
    return EXIT_CODES[this.code];
  }
}

export function isCoworkError(e: unknown): e is CoworkError {
  return e instanceof CoworkError;
}

/** An assertion that a value is one of an API's closed options (`label` names the option in the error). */
export type OneOf<T> = (value: unknown, label?: string) => asserts value is T;

/** The guard of a closed option: throws a bad_input error naming the label unless the value is one of `options`. */
export function oneOf<T>(options: readonly T[], defaultLabel: string): OneOf<T> {
  return (value, label = defaultLabel) => {
    if (!(options as readonly unknown[]).includes(value))
      throw new CoworkError('bad_input', `${label} must be ${options.join(' or ')}, not ${JSON.stringify(value)}`);
  };
}

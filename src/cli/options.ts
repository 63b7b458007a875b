import { InvalidArgumentError } from 'commander';

/** A commander parser for an integer option within [min, max]. */
export function intArg(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}, got "${value}"`);
    return n;
  };
}

/** A commander parser for a number within [min, max]. */
export function numArg(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max)
      throw new InvalidArgumentError(`expected a number from ${min} to ${max}, got "${value}"`);
    return n;
  };
}

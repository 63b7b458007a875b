import { RE2JS } from 're2js';
import { ToolError } from '../tool-error.js';
import { escapeRegex } from '../../schema/text.js';

/** Longest regular expression fs_search compiles. */
export const MAX_PATTERN_CHARS = 1000;
/** Largest compiled program: RE2's time is linear in input × program size, so both are bounded. */
export const MAX_PROGRAM_SIZE = 500;

/**
 * A case-insensitive line test for fs_search. Regular expressions run on RE2 (linear time), so an agent's
 * pattern such as ^(a+)+$ cannot stall the process that serves every session; RE2 has no backreferences
 * or lookaround.
 */
export function lineTester(pattern: string, regex: boolean): (line: string) => boolean {
  if (!regex) {
    // an escaped literal has nothing to backtrack over
    const re = new RegExp(escapeRegex(pattern), 'i');
    return (line) => re.test(line);
  }
  const invalid = (why: string) => new ToolError('invalid_argument', `invalid regular expression: ${why}`);
  if (pattern.length > MAX_PATTERN_CHARS) throw invalid(`longer than ${MAX_PATTERN_CHARS} characters`);
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern), RE2JS.CASE_INSENSITIVE);
  } catch (e) {
    throw invalid(
      `${(e as Error).message.replace(/^error parsing regexp: /, '')} (RE2 syntax: no backreferences or lookaround)`,
    );
  }
  if (re.re2().prog.numInst() > MAX_PROGRAM_SIZE)
    throw invalid('too complex (large repeat counts or many alternatives); simplify it or search for a literal');
  return (line) => re.test(line);
}

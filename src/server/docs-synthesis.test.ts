import { docPartSuite } from '../cli/testing/doc-commands.js';

// docs/synthesis.md's commands (a synthesis of the all-families plan (285 tasks) and a taxonomy plan), in a file of their own so that npm test runs them beside docs.test.ts
docPartSuite('synthesis');

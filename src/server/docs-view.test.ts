import { docPartSuite } from '../cli/testing/doc-commands.js';

// docs/view.md's commands (the demo (synthesis, runs, curation) and its report), in a file of their own so that npm test runs them beside docs.test.ts
docPartSuite('view');

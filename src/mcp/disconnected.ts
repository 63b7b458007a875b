// its own module so that serve.ts names it without loading the session machinery (and the MCP SDK)

/** The error an episode ends with when its client goes away before finish. */
export const DISCONNECTED = 'client disconnected before finish';

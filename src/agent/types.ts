/** An infrastructure failure (endpoint down after retries): the episode ends as infra_error, not agent_error. */
export class InfraError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'InfraError';
  }
}

import type { Person } from '../../kit/people.js';

/**
 * The decision on a task's computed total (figure-route.ts): the policy section caps the batch's total, and the
 * program takes one of two routes by it — `over`: none of the work is done and the list goes to the approver for
 * sign-off; otherwise the work is done as the section says and nothing goes to the approver.
 */
export interface FigureRoute {
  over: boolean;
  /** the cap the section states, and the total the selection comes to */
  limit: number;
  total: number;
  /** who signs a batch over the cap off */
  approver: Person;
  /** the section's clause stating the cap and both routes (the route's checks trace to it) */
  clause: string;
}

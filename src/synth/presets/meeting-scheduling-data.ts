// meeting_scheduling's scenario data: departments, meeting topics, titles of the blocks that fill a
// calendar, and rooms.

export const DEPARTMENTS = [
  'Finance',
  'Legal',
  'Engineering',
  'Marketing',
  'Sales',
  'Operations',
  'People',
  'Design',
  'Procurement',
  'Support',
];
export const TOPICS = [
  'Q3 vendor review',
  'pricing update',
  'launch readiness',
  'budget planning',
  'onboarding revamp',
  'data retention policy',
  'partner roadmap',
  'office move',
];
export const BUSY = [
  '1:1',
  'design review',
  'hiring panel',
  'customer call',
  'sprint planning',
  'interview',
  'team standup',
  'quarterly review',
  'training',
];
export const ROOMS = ['Room Atlas', 'Room Birch', 'Room Cedar', 'Room Delta', 'Video call'];

// Why a regular review (a "Review" or "Audit sample" section, policy-acts.ts `reviewAct`) is narrowed by a line, a
// flag or a window (act-narrowings.ts's form, per side of a field), for the record types whose review had no such
// reason and so stayed at one line and an exception: a review weighs where a wrong entry costs the team's stake
// most, said as the practitioner says it. A side with none is never drawn.

type Reasons = Readonly<Record<string, string>>;

const REASONS: Readonly<Record<string, Reasons>> = {
  deployments: {
    'started_on:recent':
      // (the window's own span: "kept for two weeks" over a 5-day window leaves out rollouts still traceable)
      'rollout logs are kept only that long, so a slow rollout from before then can no longer be traced step by step',
  },
  positions: {
    'opened_on:recent':
      'positions are sized against the mandate’s concentration limit at a risk review held {every}, so one opened since the last review has not been sized yet',
  },
  incidents: {
    'postmortem_required=true':
      'an incident that needs a postmortem is one the customer report waits on, so its record must hold up to that',
    'opened_on:recent':
      'an incident from the last few weeks is still fresh enough for its on-call engineers to say what customers saw',
  },
  episodes: {
    'ad_slots_sold>':
      'an episode with sponsor slots sold must go out on its date, since the sponsor has paid for the read to air then',
  },
  stories: {
    'legal_read_required=true':
      'a story that needs the lawyer’s read is the one most likely to miss its slot, since the read is booked separately',
    'word_count>': 'a piece that long takes a sub most of a shift, so it is booked onto the subbing rota in advance',
  },
};

/** Per record type, section → side of a field → why a review of it is narrowed there. */
export const REVIEW_NARROWS: Readonly<Record<string, Readonly<Record<string, Reasons>>>> = Object.fromEntries(
  Object.entries(REASONS).map(([name, r]) => [name, { Review: r, 'Audit sample': r }]),
);

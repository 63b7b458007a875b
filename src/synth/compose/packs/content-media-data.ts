// content media: the curated names, spreads and note terms its record types draw from (its pack,
// content-media.ts, holds the record types themselves)

// working headline, its section, and the formats it runs as (an opinion piece is no live blog)
export const STORIES: readonly (readonly [string, string, readonly string[]])[] = [
  ['Council approves new cycle lanes for the city centre', 'News', ['news story']],
  ['Rail fares to rise above inflation', 'News', ['news story', 'explainer']],
  ['Hospital waiting lists fall for a third month', 'News', ['news story']],
  ['Why the bank held rates again', 'Business', ['explainer', 'news story']],
  ['Supermarket price war squeezes suppliers', 'Business', ['news story', 'feature']],
  ['Inside the race to build smaller nuclear reactors', 'Technology', ['feature']],
  ['What the new AI rules mean for start-ups', 'Technology', ['explainer']],
  ['How your energy bill is worked out', 'Business', ['explainer']],
  ['The festival that saved a seaside town', 'Culture', ['feature']],
  ['A first look at the restored concert hall', 'Culture', ['review', 'feature']],
  ['The new Hamlet is a triumph of restraint', 'Culture', ['review']],
  ['This year’s Booker shortlist, ranked', 'Culture', ['review']],
  ['Late goal keeps promotion hopes alive', 'Sport', ['news story']],
  ['Marathon entries hit a record', 'Sport', ['news story']],
  ['We need to talk about four-day weeks', 'Opinion', ['op-ed']],
  ['Housing targets are the wrong fight', 'Opinion', ['op-ed']],
  ['Our high streets deserve better than this', 'Opinion', ['op-ed']],
  ['The last lighthouse keepers', 'Features', ['feature']],
  ['A year on the night shift at A and E', 'Features', ['feature', 'interview']],
  ['“I never planned to run a factory”: the founder of Fenwick Biotech', 'Features', ['interview']],
  ['The chief constable on policing the protests', 'News', ['interview']],
  ['Meet the teenager who rewired her village', 'Features', ['interview']],
  ['Live: budget day as it happened', 'News', ['live blog']],
  ['Live: election night results', 'News', ['live blog']],
  ['Live: storm updates and travel disruption', 'News', ['live blog']],
  ['Live: transfer deadline day', 'Sport', ['live blog']],
  ['Live: the cup final, minute by minute', 'Sport', ['live blog']],
  ['Live: interest rate decision reaction', 'Business', ['live blog']],
  ['Water company missed leak targets for five years', 'News', ['news story', 'feature']],
  ['School meal prices go up from September', 'News', ['news story', 'explainer']],
  ['Ambulance handover delays at the county hospital', 'News', ['news story', 'feature']],
  ['What the port expansion means for the estuary', 'News', ['explainer']],
  ['Why your home insurance went up', 'Business', ['explainer']],
  ['Family bakery chain sold to private equity', 'Business', ['news story']],
  ['The warehouse workers who want a union', 'Business', ['feature', 'interview']],
  ['Chipmaker plans a second plant in the north', 'Technology', ['news story']],
  ['How the council’s new parking app handles your data', 'Technology', ['explainer', 'feature']],
  ['The coder who taught a town to fix its own bikes', 'Technology', ['interview']],
  ['Ten years of the city’s free museum nights', 'Culture', ['feature']],
  ['A quiet, furious debut novel', 'Culture', ['review']],
  ['The touring Carmen is loud, bold and worth it', 'Culture', ['review']],
  ['Why the grassroots clubs are running out of referees', 'Sport', ['feature', 'news story']],
  ['Late winner sends the county side through', 'Sport', ['news story']],
  ['The swimmer who trains before her shift', 'Sport', ['interview']],
  ['Live: the title decider', 'Sport', ['live blog']],
  ['Our buses should not stop at eight o’clock', 'Opinion', ['op-ed']],
  ['Stop treating apprenticeships as second best', 'Opinion', ['op-ed']],
  ['The care workers holding the rota together', 'Features', ['feature', 'interview']],
  ['Live: flood warnings across the valley', 'News', ['live blog']],
  // pieces reported from a court, the only ones a desk note about court reporting restrictions is written on
  ['Landlord fined over unsafe flats', 'News', ['news story']],
  ['Council loses High Court fight over the bypass', 'News', ['news story', 'explainer']],
  ['Care home operator in court over fire safety', 'News', ['news story']],
  ['Twelve weeks in the public gallery of the harbour fraud trial', 'Features', ['feature']],
  ['The barrister who reopened a 20-year-old conviction', 'Features', ['interview']],
  ['What the Supreme Court ruling means for renters', 'News', ['explainer']],
  ['Our courts cannot clear this backlog on goodwill', 'Opinion', ['op-ed']],
  ['Live: sentencing in the harbour fraud case', 'News', ['live blog']],
  ['The trial documentary that names no one', 'Culture', ['review']],
];

// the headlines above reported from a court
export const COURT_STORIES: ReadonlySet<string> = new Set([
  'Landlord fined over unsafe flats',
  'Council loses High Court fight over the bypass',
  'Care home operator in court over fire safety',
  'Twelve weeks in the public gallery of the harbour fraud trial',
  'The barrister who reopened a 20-year-old conviction',
  'What the Supreme Court ruling means for renters',
  'Our courts cannot clear this backlog on goodwill',
  'Live: sentencing in the harbour fraud case',
  'The trial documentary that names no one',
]);

export const DESK_TERMS = [
  'right of reply',
  'anonymous source',
  'court reporting',
  'picture request',
  'embargoed figures',
  'freelance',
];

// the lengths each format is commissioned at (words)
export const LENGTHS: Readonly<Record<string, readonly [number, number]>> = {
  'news story': [300, 900],
  feature: [1200, 3000],
  interview: [800, 2500],
  explainer: [600, 1600],
  'op-ed': [500, 1200],
  'live blog': [500, 3000],
  review: [300, 900],
};

export const POST_TERMS = ['#hiring', 'link in bio', 'giveaway', 'live Q&A', 'poll', 'behind the scenes'];

// the assets a picture desk licenses (several times a task's assets) and their kind: each shows private people, whom the model releases the
// library tracks are for (a landscape, a chart or a public figure at a news event needs none, so none is listed)
export const ASSETS: readonly (readonly [string, string])[] = [
  ['Protesters outside the town hall', 'photo'],
  ['Portrait of the new chief executive', 'photo'],
  ['Crowd at the cup final', 'video clip'],
  ['Commuters on a rainy platform', 'stock footage'],
  ['Portrait series: the night shift', 'photo'],
  ['Nurses at the start of a ward round', 'photo'],
  ['Pupils at the regional science fair', 'photo'],
  ['Volunteers packing boxes at the food bank', 'video clip'],
  ['Shoppers at the Saturday market', 'stock footage'],
  ['Runners crossing the marathon finish line', 'video clip'],
  ['Family cooking dinner at home', 'stock footage'],
  ['Headshot: our new columnist', 'photo'],
  ['Office workers in a team meeting', 'stock footage'],
  ['Customer testimonial: the bakery owner', 'video clip'],
  ['Students in the university library', 'photo'],
  ['Children at the school nativity play', 'video clip'],
  ['Staff at the hospital open day', 'photo'],
  ['Fans queuing for the concert', 'stock footage'],
  ['Portrait: the allotment society chair', 'photo'],
  ['Cyclists on the new bike lane', 'video clip'],
  ['Drivers at the lorry park', 'stock footage'],
  ['Apprentices on the factory floor', 'photo'],
  ['Diners at the street food festival', 'video clip'],
  ['Parents at the school gates', 'stock footage'],
  ['Pensioners at the community lunch club', 'photo'],
  ['Swimmers at the lido reopening', 'video clip'],
  ['Workers on the early shift at the depot', 'photo'],
  ['Patients in the GP waiting room', 'stock footage'],
  ['Headshot: our new health correspondent', 'photo'],
  ['Customer testimonial: the garage owner', 'video clip'],
  ['Volunteers at the beach clean', 'photo'],
];

// the licences a library tracks an end date for (a staff photo or a CC BY picture never expires, and a royalty-free
// one is bought outright), their fees, and the kinds of asset bought under each (no one commissions stock footage)
export const LICENCES = ['rights-managed', 'editorial use only', 'commissioned'];

export const LICENCE_FEES: Readonly<Record<string, readonly [number, number]>> = {
  'rights-managed': [250, 1800],
  'editorial use only': [60, 450],
  commissioned: [300, 2400],
};

export const LICENSED: Readonly<Record<string, readonly string[]>> = {
  'rights-managed': ['photo', 'stock footage', 'video clip'],
  'editorial use only': ['photo', 'video clip', 'audio clip'],
  commissioned: ['photo', 'illustration', 'infographic', 'video clip'],
};

export const CAPTION_TERMS = ['Getty Images', 'Reuters', 'PA Media', 'Alamy', 'AFP', 'handout'];

export const EPISODES: Readonly<Record<string, readonly string[]>> = {
  'The Morning Brief': [
    'Strikes, storms and the budget',
    'What changed overnight',
    'Five things for Friday',
    'The rate decision, explained',
    'Election week begins',
    'Heatwave and the grid',
  ],
  'Tech Unpacked': [
    'Inside the chip shortage',
    'Who owns your data?',
    'The open-source money problem',
    'Can batteries get cheaper?',
    'The app store fight',
    'What AI means for call centres',
  ],
  'Culture Club': [
    'The return of the vinyl shop',
    'Booker shortlist, reviewed',
    'Why musicals are booming',
    'Festival season preview',
    'The rise of the slow game',
    'Museums after dark',
  ],
  'Money Talks': [
    'Is it time to fix your mortgage?',
    'Pensions for the self-employed',
    'The price of a pint',
    'Renting vs buying in 2026',
    'How to read your payslip',
    'Side hustles and the taxman',
  ],
  'The Long Read (audio)': [
    'The last lighthouse keepers',
    'A town without a bank',
    'The memory athletes',
    'The river that changed course',
    'Night shift at the sorting office',
    'The forger of Bruges',
  ],
};

// the formats each show is published in: a news briefing and an audio long read are listened to, a tech or
// culture show is also filmed
export const MEDIA: Readonly<Record<string, readonly string[]>> = {
  'The Morning Brief': ['audio podcast'],
  'Tech Unpacked': ['audio podcast', 'video podcast', 'YouTube long-form'],
  'Culture Club': ['audio podcast', 'video podcast'],
  'Money Talks': ['audio podcast', 'YouTube long-form'],
  'The Long Read (audio)': ['audio podcast'],
};

// how long an episode of each show runs (minutes)
export const RUNTIME: Readonly<Record<string, readonly [number, number]>> = {
  'The Morning Brief': [12, 25],
  'Tech Unpacked': [30, 55],
  'Culture Club': [28, 50],
  'Money Talks': [25, 45],
  'The Long Read (audio)': [35, 62],
};

export const SHOW_NOTE_TERMS = [
  'sponsor read',
  'listener questions',
  'transcript',
  'trailer',
  'bonus episode',
  'remote recording',
];

// multimodal generation: the curated names, spreads and note terms its record types draw from (its pack,
// multimodal-generation.ts, holds the record types themselves)

// a job that exists in several languages: the local version of one already on the list
export const inLanguage = (t: string, n: number) =>
  `${t} – ${['German', 'French', 'Spanish', 'Dutch', 'Italian'][n % 5]} version`;

// a campaign is the season's: "{Season}" is the one the task's day falls in, and Black Friday's set is made only
// in the autumn before it
const SEASONS = [
  'Winter',
  'Winter',
  'Spring',
  'Spring',
  'Spring',
  'Summer',
  'Summer',
  'Summer',
  'Autumn',
  'Autumn',
  'Autumn',
  'Winter',
];
export const inSeason = (titles: readonly string[], today: string): string[] => {
  const month = Number(today.slice(5, 7));
  return titles
    .filter((t) => !t.startsWith('Black Friday') || (month >= 9 && month <= 11))
    .map((t) => t.replace('{Season}', SEASONS[month - 1] as string));
};

export const BRIEF_TERMS = ['alt text', 'A/B variant', 'dark mode', 'Welsh version', 'print-ready', 'animated'];

// how many data points a chart of each kind plots
// (a chart the studio draws holds what a reader takes in: a dozen bars, two years of months, the regions of a
// country; a bigger series goes to the data team as a dashboard)
export const POINTS: Readonly<Record<string, readonly [number, number]>> = {
  bar: [4, 12],
  line: [6, 24],
  'stacked area': [6, 24],
  scatter: [12, 24],
  waterfall: [5, 10],
  'choropleth map': [9, 24],
  'locator map': [3, 8],
};

export const SPEC_TERMS = ['log scale', 'annotations', 'dual axis', 'ONS data', 'small multiples', 'source line'];

export const FRAME: Readonly<Record<string, string>> = {
  YouTube: '16:9 landscape',
  TikTok: '9:16 vertical',
  'Instagram Reels': '9:16 vertical',
  LinkedIn: '1:1 square',
  'website hero': '16:9 landscape',
  'internal all-hands': '16:9 landscape',
};

export const EDIT_TERMS = ['music licence', 'lower thirds', 'colour grade', 'b-roll', 'voiceover', 'subtitles file'];

export const BUILD_TERMS = ['cookie banner', 'hero video', 'form embed', 'redirects', 'hreflang', 'lazy loading'];

// the longest cut each platform takes, in seconds (short-form vertical video, a looping page header)
export const LONGEST: Readonly<Record<string, number>> = {
  YouTube: 600,
  TikTok: 180,
  'Instagram Reels': 90,
  LinkedIn: 300,
  'website hero': 60,
  'internal all-hands': 600,
};

// the fewest days from the footage coming in to each stage of the edit
export const EDIT_LEAD: Readonly<Record<string, number>> = {
  'rough cut': 1,
  'fine cut': 4,
  'colour and sound': 6,
  'internal review': 6,
  'client review': 7,
  exported: 9,
  delivered: 10,
};

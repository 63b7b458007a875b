import { aOrAn } from '../../kit/text.js';

// The words that keep a deliverable to the selected records (checks.ts DECISIVE_CAP: a deliverable naming one left
// out is a wrong list). A coworker says it for the deliverable in hand, and often why it matters there: a CSV is
// imported row by row, a team page is what the desk works from, a channel acts on whatever is posted. One stock
// bracket for every deliverable ("only those: leave the others off it") was a template a reader spotted in one
// request in nine.

// per deliverable (aggregates.ts `name`); `{one}` is the record type's noun. None says "them", "me" or "my": the
// request may widen the first "them" to both groups, and a forwarded note turns "me" into the forwarder's name
const BY_DELIVERABLE: Readonly<Record<string, readonly string[]>> = {
  report_table: [
    ', with no row for any {one} the rules leave out',
    ', leaving out every {one} that does not qualify',
    ', one row per qualifying {one} and none for the others',
    ', the qualifying ones and nothing else',
    ', so that every row is one that qualifies',

    ', and only those rows, as the file is imported as it stands',
    ' (just the ones that qualify: every row in it gets picked up as work)',
    '; keep it to the qualifying ones, since whoever loads the file takes each row as one to act on',
    ' (qualifying ones only; an extra row would be imported with the rest)',
    '; the sheet gets worked through line by line, so only the ones that qualify',
    '; only qualifying rows, because the file goes straight into the tracker',
  ],
  report_doc: [
    ', keeping it to the ones that qualify',
    ', with no bullet for a {one} the rules leave out',
    '; the ones that do not qualify stay out of it entirely',
    ', and leave every other {one} out of the write-up',
    ', only the ones that pass the rules',
    ', mentioning no other {one}',

    ' (just the qualifying ones: people will act on whatever it lists)',
    ', covering the qualifying ones and no others, as it is what people will work from',
    ' (only the qualifying ones: anything else on it would be taken up as work too)',
    '; it goes to the team as it is, so only the ones that qualify',
    '; it gets passed round as the list to work from, so nothing beyond the qualifying ones',
  ],
  web_page: [
    ', with nothing on it about a {one} that does not qualify',
    ', keeping any {one} the rules leave out off the page',
    ', showing the qualifying ones and no others',
    ', and no {one} that falls outside the rules',
    ', leaving every other {one} off it',
    ', for the qualifying ones only',

    ', listing only the qualifying ones, since the whole team works from that page',
    ' (the qualifying ones only: anyone who opens the page takes it as the list to act on)',
    '; only the qualifying ones go up, since the desk acts on whatever the page shows',
    ' (no other {one} on the page: people will work straight from it)',
    ', as the page is the list the desk works from, so nothing but the qualifying ones',
  ],
  summary_mail: [
    ', covering only the ones that qualify',
    ', and keep any {one} that does not qualify out of the email',
    '; the ones the rules leave out stay out of the email',
    ', nothing in it on a {one} the rules leave out',
    ', about the qualifying ones alone',
    ', with no word on any {one} outside the rules',

    ' (only the qualifying ones: whatever the email lists will be followed up)',
    ', limited to the qualifying ones, as each line of it will be followed up',
    '; only the ones that qualify, since whatever it lists gets chased',
    ' (no others: the email is what people will work from)',
  ],
  ops_notification: [
    ', with no mention of a {one} that does not qualify',
    ', and no other {one} in the post',
    ', keeping the post to the ones that qualify, as the channel acts on whatever is posted',
    ' (only the qualifying ones: people pick up anything that appears there)',
    '; only the ones that qualify, since every entry in the post gets actioned',
  ],
  config_notice: [
    ', naming only the ones that qualify',
    ' (nothing on a {one} that does not qualify)',
    ', and leave every other {one} out of it',
    ', listing the qualifying ones only, since the notice is worked through entry by entry',
  ],
};

// any other deliverable (a report whose own words say "exactly those")
const ANY: readonly string[] = [
  ', with just the qualifying ones',
  // (not "nothing on the ones that do not qualify": on an allocation sheet that read as a full sheet with only the
  // qualifying rows marked, review 45)
  ' (the ones that do not qualify stay out of it)',
  ', and nothing about any other {one}',
];

/**
 * The "only those" words after a deliverable's clause, for that deliverable (`kind`, aggregates.ts `name`; `one`,
 * the record type's noun); drawn from the phrasing number, so every other draw stays as it was. Never a second
 * bracket after one, nor "naming … naming".
 */
export function onlyThose(clause: string, kind: string, one: string, phrasing: number): string {
  const fits = (BY_DELIVERABLE[kind] ?? ANY).filter(
    (o) => !(clause.endsWith(')') && o.startsWith(' (')) && !(/\bnaming\b/.test(clause) && /naming/.test(o)),
  );
  return (fits[Math.floor(phrasing / 11) % fits.length] as string)
    .replace(/\ba \{one\}/g, `${aOrAn(one)} ${one}`)
    .replaceAll('{one}', one);
}

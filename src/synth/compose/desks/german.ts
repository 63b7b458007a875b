import { type DeskText, weekdayDay } from './types.js';

/** The German desk's words. */
export const GERMAN: DeskText = {
  day: (d) => weekdayDay('de-DE', d),
  greet: ['Hallo,', 'Hi,', 'Hallo zusammen,'],
  morning: ['Guten Morgen,'],
  sign: ['Danke dir!', 'Viele Grüße', 'Beste Grüße'],
  why: [
    'Diese Woche haben sich die Partnernachrichten gestapelt.',
    'Mehrere Partner warten schon seit Tagen auf eine Antwort.',
    'Das Exportteam hat gerade alle Hände voll zu tun.',
    'Ich möchte die Partnerthemen vor unserer Abstimmungsrunde vom Tisch haben.',
  ],
  where: [
    'Sie liegen in meinem Posteingang; jeder Partner schreibt in seiner eigenen Sprache.',
    'Du findest sie in meinem Posteingang, jeweils in der Sprache des Partners.',
  ],
  // dative: after "laut" and before "zufolge"
  pointer: {
    kb: (t) => `dem Artikel „${t}“ in der Wissensdatenbank`,
    gmail: (t) => `der E-Mail „${t}“ in meinem Posteingang`,
    notes: (t) => `der Seite „${t}“ in unseren Notizen`,
    workspace: (_t, at) => `der Datei ${at} auf dem gemeinsamen Laufwerk`,
    web: (t, at) => `der Seite „${t}“ in unserem Intranet (${at})`,
  },
  select: [
    (s, p) => `die Partnernachrichten, die laut ${p} unter „${s}“ fallen`,
    (s, p) => `alle Partnernachrichten, die ${p} zufolge in den Abschnitt „${s}“ gehören`,
  ],
  actions: {
    reply_in_language: [
      'für jede einen Antwortentwurf in der Sprache anlegen, in der sie geschrieben ist, mit der Bestellreferenz und der Zusage einer vollständigen Antwort bis {by} (nur als Entwurf, bitte nicht senden)',
      'jedem Absender einen Antwortentwurf in seiner Sprache schreiben, der seine Bestellnummer nennt und eine ausführliche Antwort bis {by} verspricht (nur als Entwurf, bitte nicht senden)',
    ],
    translate_message: [
      'von jeder eine englische Übersetzung unter translations/<Bestellnummer>.md ablegen, alle Zahlen unverändert, am Anfang unser Glossarbegriff für das Thema ({glossary}) und die Bestellreferenz',
      'jede ins Englische übersetzen und unter translations/<Bestellnummer>.md speichern: Zahlen und Referenzen unverändert, in der ersten Zeile der Glossarbegriff für das Anliegen ({glossary}) mit der Bestellreferenz',
    ],
    route_by_language: [
      'jede an die Kollegin oder den Kollegen für ihre Sprache weiterleiten ({desks}), mit der Bestellnummer im Betreff und dem Namen der Partnerfirma im Text',
      'jede an den Desk ihrer Sprache schicken ({desks}), die Bestellnummer in den Betreff schreiben und im Text sagen, welche Firma geschrieben hat',
    ],
  },
  languages: {
    Spanish: 'Spanisch',
    German: 'Deutsch',
    French: 'Französisch',
    Chinese: 'Chinesisch',
    Japanese: 'Japanisch',
  },
  ask: {
    count: 'wie viele Nachrichten du bearbeitet hast',
    sum: 'die gesamte bestellte Stückzahl dieser Nachrichten',
    max: 'die höchste bestellte Stückzahl darunter',
    min: 'die niedrigste bestellte Stückzahl darunter',
    mean: 'die durchschnittliche bestellte Stückzahl, auf zwei Nachkommastellen',
  },
  count: 'die Anzahl der Nachrichten',
  figureWords: [
    'nachricht',
    'bearbeitet',
    'anzahl',
    'insgesamt',
    'gesamt',
    'stück',
    'durchschnitt',
    'höchst',
    'niedrigst',
    'summe',
    'zahl',
    'menge',
  ],
  decimalComma: true,
  // infinitive clauses after "und"; the destinations in the case their verb takes
  deliver: {
    report_table: {
      dest: (p) => `einer CSV-Tabelle unter ${p}`,
      phrases: ['sie anschließend in {dest} auflisten, eine Zeile pro Nachricht mit Bestellnummer und {name}'],
    },
    report_doc: {
      dest: (p) => `einem kurzen Dokument unter ${p}`,
      phrases: [
        'sie anschließend in {dest} zusammenfassen: eine Überschrift, dann ein Aufzählungspunkt pro Nachricht mit Bestellnummer und {name}',
      ],
    },
    web_page: {
      dest: (p) => `eine HTML-Seite unter ${p}`,
      phrases: ['daraus anschließend {dest} machen, mit einem Listeneintrag pro Nachricht (Bestellnummer und {name})'],
    },
    summary_mail: {
      dest: (email, who) => `${who} (${email})`,
      phrases: [
        '{dest} anschließend eine einzige Zusammenfassung per E-Mail schicken, mit Bestellnummer und {name} jeder Nachricht',
      ],
    },
    ops_notification: {
      dest: (c) => `den Kanal ${c}`,
      phrases: [
        'anschließend {dest} mit einer einzigen Benachrichtigung informieren, mit Bestellnummer und {name} jeder Nachricht',
      ],
    },
    digest_post: {
      dest: (t) => `einen Digest mit dem Titel „${t}“`,
      phrases: ['anschließend {dest} veröffentlichen, mit Bestellnummer und {name} jeder Nachricht'],
    },
  },
  company: 'Firma',
  then: ', und ',
  ending: (f) => `, und am Ende ${f} nennen`,
  repeat: ['Nenn mir die Zahl bitte auch in deiner Antwort.', 'Schreib mir dieselbe Zahl auch in deine Antwort.'],
  asking: {
    unnamed: {
      report_table: 'einer CSV-Tabelle',
      report_doc: 'einem kurzen Dokument',
      web_page: 'eine HTML-Seite',
      summary_mail: 'der Person, die ich dir noch nenne,',
      ops_notification: 'den Kanal, den ich dir noch nenne,',
      digest_post: 'einen Digest',
    },
    first: {
      'file path': 'Frag mich nach dem Dateipfad, bevor du etwas speicherst.',
      recipient: 'Frag mich, an wen es gehen soll, bevor du etwas verschickst.',
      channel: 'Frag mich nach dem Kanal, bevor du etwas postest.',
      title: 'Der Titel steht noch nicht fest: frag mich, bevor du veröffentlichst.',
    },
    question: {
      'file path': 'Unter welchem Dateipfad soll ich es speichern?',
      recipient: 'An wen soll ich es schicken?',
      channel: 'In welchem Kanal soll ich es posten?',
      title: 'Welchen Titel soll es bekommen?',
    },
    keywords: ['pfad', 'datei', 'wen', 'wem', 'empfänger', 'kanal', 'titel', 'welche', 'wohin', 'wo '],
    use: (v) => `Nimm ${v}.`,
  },
  body: [
    // the select clause ends in a relative clause: a comma closes it before the verb
    (s, a) => `Könntest du ${s}, durchgehen und ${a}?`,
    (s, a) => `Kannst du bitte ${s}, durchgehen und ${a}?`,
  ],
  tell: [(q) => `Sag mir danach bitte ${q}.`, (q) => `Schreib mir in deiner Antwort auch ${q}.`],
  label: {
    count: 'Bearbeitete Nachrichten',
    sum: 'Bestellte Stückzahl insgesamt',
    max: 'Höchste bestellte Stückzahl',
    min: 'Niedrigste bestellte Stückzahl',
    mean: 'Durchschnittliche bestellte Stückzahl',
  },
  closing: [(l, f) => `Erledigt. ${l}: ${f}.`, (l, f) => `Alles erledigt. ${l}: ${f}.`],
  change: {
    opener: ['Kurzer Hinweis:', 'Noch etwas:', 'Nur zur Info:'],
    how: ['wurde gerade im System geändert', 'wurde eben aktualisiert'],
    note: (o, id, how, what) => `${o} Die Nachricht zur Bestellung ${id} ${how}; ${what}.`,
    read: (yes) => (yes ? 'sie ist jetzt als gelesen markiert' : 'sie ist jetzt als ungelesen markiert'),
    received: (d) => `ihr Eingangsdatum ist jetzt der ${d}`,
    join: '; ',
  },
  wrapUp: 'Super, danke.',
  space: ' ',
};

// What a question about a deliverable's open destination says, per destination and language: the words the
// simulated user answers to and the asked_user check accepts. Only a question about the thing the requester has
// not decided counts ("where should I save it?", "who should get it?"); "which section?" or "where is the policy?"
// does not. The reference's question (compose/compile/reference.ts, compose/desks/*) holds one of them in every language.

type Topics = Readonly<Record<string, readonly string[]>>;

// a question about a title, whatever the title is of
const TITLE = [
  'which title',
  'what title',
  'title should',
  'title do you want',
  'title would you like',
  'title for',
  'title to use',
  'what should i call',
  'what to call',
  'call it',
  'name it',
];

const ENGLISH: Topics = {
  'file path': [
    'file path',
    'path',
    'folder',
    'directory',
    'where should i save',
    'where should i put',
    'where do you want it saved',
    'where do you want the file',
    'where would you like it saved',
    'where would you like the file',
    'where to save',
    'save it to',
    'save it in',
    'file name',
    'filename',
    'name the file',
    'call the file',
    'what should i name',
    'what to name',
  ],
  recipient: [
    'recipient',
    'who should',
    'whom should',
    'who do you want',
    'who would you like',
    'who to send',
    'whom to send',
    'send it to',
    'send this to',
    'which colleague',
    'email address',
    'who is covering',
    "who's covering",
    'who gets',
  ],
  channel: [
    'which channel',
    'what channel',
    'channel should',
    'channel do you want',
    'channel would you like',
    'channel to use',
    'channel name',
    'where should i post',
    'post it to',
    'post it in',
    'post this to',
  ],
  title: TITLE,
  'report title': ['report title', ...TITLE],
};

// the desks' languages (compose/desks, by the language's English name): the same questions as a colleague there
// asks them (desks/* hold the reference's)
const DESKS: Readonly<Record<string, Topics>> = {
  German: {
    'file path': ['pfad', 'dateipfad', 'speichern', 'ordner', 'verzeichnis', 'dateiname', 'wohin'],
    recipient: ['an wen', 'wem', 'empfänger', 'schicken', 'senden'],
    channel: ['kanal', 'posten'],
    title: ['titel', 'überschrift', 'nennen'],
  },
  French: {
    'file path': ['chemin', 'enregistrer', 'dossier', 'répertoire', 'nom du fichier', 'où dois-je'],
    recipient: ['à qui', 'destinataire', 'envoyer'],
    channel: ['canal', 'publier', 'poster'],
    title: ['titre', 'intituler', 'appeler'],
  },
  Spanish: {
    'file path': ['ruta', 'guardo', 'guardar', 'carpeta', 'nombre del archivo', 'dónde'],
    recipient: ['a quién', 'destinatario', 'envío', 'enviar'],
    channel: ['canal', 'publico', 'publicar'],
    title: ['título', 'titular', 'llamar'],
  },
  Chinese: {
    'file path': ['路径', '保存', '文件夹', '目录', '文件名'],
    recipient: ['发给谁', '收件人', '发给', '谁'],
    channel: ['频道', '发到'],
    title: ['标题'],
  },
  Japanese: {
    'file path': ['パス', '保存', 'フォルダ', 'ファイル名', 'どこ'],
    recipient: ['誰に', '宛先', '送り先', '送れば'],
    channel: ['チャンネル', '投稿'],
    title: ['タイトル', '件名'],
  },
};

/** The words of a question about `destination` (in `lang`'s desk as well, when a desk colleague asks for it). */
export function askTopics(destination: string, lang?: string): string[] {
  const english = ENGLISH[destination] ?? [destination];
  return [...new Set([...english, ...(lang ? (DESKS[lang]?.[destination] ?? []) : [])])];
}

/** The words of a question about any destination (a task that hands in nothing: no question about one is open). */
export function everyTopic(lang?: string): string[] {
  return [...new Set(Object.keys(ENGLISH).flatMap((d) => askTopics(d, lang)))];
}

/** Completion at most this when a task that says to ask first was not asked: under the 0.75 pass line. */
export const ASKED_CAP = { completion_at_most: 0.6 } as const;
/** The same cap the other way: the agent asked where the work goes though the request said. */
export const NEEDLESS_CAP = ASKED_CAP;

/**
 * The check that no question about `topics` (the destination's words) came before the first mutating call: a task
 * whose request settles where the work goes, with a simulated user on hand for something else.
 */
export function unasked(topics: readonly string[]) {
  const narrow = [...new Set(topics.flatMap((t) => ABOUT[t] ?? [t]))];
  return { id: 'unasked', kind: 'asked_user' as const, topics: narrow, absent: true as const, cap: NEEDLESS_CAP };
}

// a question that only mentions a folder or a path ("should I do the scans in the inbox folder too?") asks nothing
// about where the work goes: a needless question is one about it (review 47: 237 tasks capped on any "path")
const ABOUT: Readonly<Record<string, readonly string[]>> = {
  path: ['which path', 'what path', 'the path for', 'path should', 'path do you want', 'path would you like'],
  folder: ['which folder', 'what folder', 'folder should', 'folder do you want', 'folder would you like'],
  directory: ['which directory', 'what directory', 'directory should', 'directory do you want'],
};

import { type DeskText, weekdayDay } from './types.js';

/** The French desk's words. */
export const FRENCH: DeskText = {
  day: (d) => weekdayDay('fr-FR', d),
  greet: ['Bonjour,', 'Salut,', 'Bonjour à toi,'],
  morning: [],
  sign: ['Merci !', 'Bonne journée,', "Merci d'avance,"],
  why: [
    'Les messages des partenaires se sont accumulés cette semaine.',
    'Plusieurs partenaires attendent une réponse depuis des jours.',
    "L'équipe export est débordée en ce moment.",
    'Je voudrais boucler le sujet des partenaires avant notre point de suivi.',
  ],
  where: [
    'Ils sont dans ma boîte de réception ; chaque partenaire écrit dans sa langue.',
    'Tu les trouveras dans ma boîte de réception, chacun dans la langue du partenaire.',
  ],
  pointer: {
    kb: (t) => `l'article « ${t} » de la base de connaissances`,
    gmail: (t) => `l'e-mail « ${t} » dans ma boîte de réception`,
    notes: (t) => `la page « ${t} » de nos notes`,
    workspace: (_t, at) => `le fichier ${at} sur le drive partagé`,
    web: (t, at) => `la page « ${t} » de notre intranet (${at})`,
  },
  select: [
    (s, p) => `les messages des partenaires que ${p} classe sous « ${s} »`,
    (s, p) => `les messages des partenaires qui relèvent de la rubrique « ${s} » selon ${p}`,
  ],
  actions: {
    reply_in_language: [
      "rédiger pour chacun un brouillon de réponse dans la langue de l'expéditeur, en reprenant sa référence de commande et en promettant une réponse complète d'ici le {by} (brouillons seulement : ne les envoie pas)",
      'préparer un brouillon de réponse à chaque expéditeur, dans sa langue, qui cite son numéro de commande et annonce une réponse détaillée au plus tard le {by} (brouillons seulement : ne les envoie pas)',
    ],
    translate_message: [
      'enregistrer une traduction anglaise de chacun dans translations/<numéro de commande>.md, en gardant tous les chiffres tels quels et en commençant par le terme de notre glossaire pour le sujet ({glossary}) et la référence de commande',
      "traduire chacun en anglais dans translations/<numéro de commande>.md, sans toucher aux chiffres ni aux références, avec en première ligne le terme du glossaire pour l'objet ({glossary}) et la référence de commande",
    ],
    route_by_language: [
      "transférer chacun au collègue qui s'occupe de sa langue ({desks}), avec le numéro de commande dans l'objet et le nom de la société partenaire dans le message",
      "envoyer chacun au pôle de sa langue ({desks}) en indiquant le numéro de commande dans l'objet et, dans le corps du message, la société qui écrit",
    ],
  },
  languages: {
    Spanish: 'espagnol',
    German: 'allemand',
    French: 'français',
    Chinese: 'chinois',
    Japanese: 'japonais',
  },
  ask: {
    count: 'le nombre de messages que tu as traités',
    sum: "le nombre total d'unités commandées dans ces messages",
    max: "le plus grand nombre d'unités commandées parmi eux",
    min: "le plus petit nombre d'unités commandées parmi eux",
    mean: "le nombre moyen d'unités commandées, à deux décimales",
  },
  count: 'le nombre de messages',
  figureWords: [
    'message',
    'traité',
    'total',
    'unité',
    'moyen',
    'moyenne',
    'plus grand',
    'plus petit',
    'maximum',
    'minimum',
    'nombre',
    'chiffre',
    'somme',
  ],
  decimalComma: true,
  deliver: {
    report_table: {
      dest: (p) => `un tableau CSV (${p})`,
      phrases: ['les lister dans {dest}, une ligne par message avec son numéro de commande et sa {name}'],
    },
    report_doc: {
      dest: (p) => `un court document (${p})`,
      phrases: [
        'les résumer dans {dest} : un titre, puis une puce par message avec son numéro de commande et sa {name}',
      ],
    },
    web_page: {
      dest: (p) => `une page HTML (${p})`,
      phrases: ['en faire {dest}, avec un élément de liste par message (numéro de commande et {name})'],
    },
    summary_mail: {
      dest: (email, who) => `${who} (${email})`,
      phrases: ['envoyer à {dest} un seul e-mail récapitulatif avec le numéro de commande et la {name} de chacun'],
    },
    ops_notification: {
      dest: (c) => `le canal ${c}`,
      phrases: ['publier sur {dest} une seule notification avec le numéro de commande et la {name} de chacun'],
    },
    digest_post: {
      dest: (t) => `un digest intitulé « ${t} »`,
      phrases: ['publier {dest} avec le numéro de commande et la {name} de chacun'],
    },
  },
  company: 'société',
  then: ', puis ',
  ending: (f) => `, en terminant par ${f}`,
  repeat: ['Redonne-moi ce chiffre dans ta réponse.', 'Indique aussi ce chiffre dans ta réponse.'],
  asking: {
    unnamed: {
      report_table: 'un tableau CSV',
      report_doc: 'un court document',
      web_page: 'une page HTML',
      summary_mail: "la personne que je t'indiquerai",
      ops_notification: "le canal que je t'indiquerai",
      digest_post: 'un digest',
    },
    first: {
      'file path': "Demande-moi le chemin du fichier avant d'enregistrer quoi que ce soit.",
      recipient: "Demande-moi à qui l'envoyer avant d'envoyer quoi que ce soit.",
      channel: 'Demande-moi le canal avant de publier quoi que ce soit.',
      title: "Le titre n'est pas encore fixé : demande-le-moi avant de publier.",
    },
    question: {
      'file path': 'Sous quel chemin dois-je enregistrer le fichier ?',
      recipient: "À qui dois-je l'envoyer ?",
      channel: 'Sur quel canal dois-je le publier ?',
      title: 'Quel titre dois-je lui donner ?',
    },
    keywords: ['chemin', 'fichier', 'qui', 'destinataire', 'canal', 'titre', 'quel', 'où'],
    use: (v) => `Utilise ${v}.`,
  },
  body: [
    (s, a) => `Pourrais-tu reprendre ${s} et ${a} ?`,
    (s, a) => `Il faudrait reprendre ${s} et ${a}. Tu peux t'en charger ?`,
  ],
  tell: [(q) => `Ensuite, donne-moi ${q}.`, (q) => `Dans ta réponse, indique-moi aussi ${q}.`],
  label: {
    count: 'Messages traités',
    sum: 'Total des unités commandées',
    max: "Plus grand nombre d'unités commandées",
    min: "Plus petit nombre d'unités commandées",
    mean: "Nombre moyen d'unités commandées",
  },
  closing: [(l, f) => `C'est fait. ${l} : ${f}.`, (l, f) => `Tout est traité. ${l} : ${f}.`],
  change: {
    opener: ['Pour info :', 'Encore une chose :', 'À noter :'],
    how: ["vient d'être modifié dans le système", "a été mis à jour à l'instant"],
    note: (o, id, how, what) => `${o} le message de la commande ${id} ${how} ; ${what}.`,
    read: (yes) => (yes ? 'il est maintenant marqué comme lu' : 'il est maintenant marqué comme non lu'),
    received: (d) => `sa date de réception est maintenant le ${d}`,
    join: '; ',
  },
  wrapUp: 'Parfait, merci.',
  space: ' ',
};

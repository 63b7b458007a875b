import type { Lang } from './sources/multilingual-kinds.js';

// what a colleague on a partner-language desk writes, in that language: the request's parts (greeting, why now,
// which messages under which section of which document, what to do with each, the question), the reply the work
// ends with, and what they say when a message changes. Written as a native colleague would write them; the English
// document titles, sections and glossary terms stay English, as names do in an international office.

/** The kinds of document a rule is written in (policies.ts), by service. */
export type PointerKind = 'kb' | 'gmail' | 'notes' | 'workspace' | 'web';
/** The figures a desk request asks for (computations.ts names). */
export type DeskFigure = 'count' | 'sum' | 'max' | 'min' | 'mean';
/** The per-message work a desk request asks for (language-actions.ts names). */
export type DeskAction = 'reply_in_language' | 'translate_message' | 'route_by_language';
/** The deliverables over the whole selection a desk request asks for (aggregates.ts names). */
export type DeskDeliverable =
  | 'report_table'
  | 'report_doc'
  | 'web_page'
  | 'summary_mail'
  | 'ops_notification'
  | 'digest_post';

/** A deliverable in one language: where it goes (from the destination's value) and what to put in it. */
interface Deliver {
  dest: (value: string, person: string) => string;
  /** {dest}, {name}: the destination and the label of the partner's name */
  phrases: readonly string[];
}

export interface DeskText {
  /** for dates ("viernes 4 de diciembre") */
  locale: string;
  greet: readonly string[];
  /** greetings that belong to the morning */
  morning: readonly string[];
  sign: readonly string[];
  why: readonly string[];
  where: readonly string[];
  /** the document that holds the rule: a title (or a path, or a URL) put where the select clause needs it */
  pointer: Record<PointerKind, (title: string, path: string, url: string) => string>;
  select: readonly ((section: string, pointer: string) => string)[];
  actions: Record<DeskAction, readonly string[]>;
  /** the languages as the desk names them, for the routing list */
  languages: Record<Lang, string>;
  ask: Record<DeskFigure, string>;
  /** a count, as a deliverable ends with it ("ending with the count") */
  count: string;
  deliver: Record<DeskDeliverable, Deliver>;
  /** what the partner's name is called in a deliverable */
  company: string;
  /** the action and the deliverable in one clause */
  then: string;
  /** a deliverable that ends with the figure */
  ending: (figure: string) => string;
  /** asking for the figure again in the reply, when the deliverable states it */
  repeat: readonly string[];
  /** the request's body: the select clause and the action in one sentence */
  body: readonly ((select: string, action: string) => string)[];
  tell: readonly ((question: string) => string)[];
  /** the agent's closing reply: the figure's label and the figure */
  label: Record<DeskFigure, string>;
  closing: readonly ((label: string, fact: string) => string)[];
  change: {
    opener: readonly string[];
    how: readonly string[];
    note: (opener: string, id: string, how: string, what: string) => string;
    read: (yes: boolean) => string;
    received: (day: string) => string;
  };
  wrapUp: string;
  /** the language's sentence end, and what joins two sentences */
  space: string;
}

export const DESK: Readonly<Record<Lang, DeskText>> = {
  Spanish: {
    locale: 'es-ES',
    greet: ['Hola:', 'Hola, ¿qué tal?', 'Buenas:'],
    morning: ['Buenos días:'],
    sign: ['Gracias,', 'Un saludo,', 'Mil gracias,'],
    why: [
      'Esta semana se nos han acumulado los mensajes de los socios.',
      'Varios socios llevan días esperando respuesta.',
      'El equipo de exportación está desbordado estos días.',
      'Quiero cerrar lo de los socios antes de la reunión de seguimiento.',
    ],
    where: [
      'Están en mi bandeja de entrada; cada socio escribe en su idioma.',
      'Los tienes en mi bandeja de entrada, cada uno en el idioma del socio.',
    ],
    pointer: {
      kb: (t) => `el artículo «${t}» de la base de conocimiento`,
      gmail: (t) => `el correo «${t}» de mi bandeja de entrada`,
      notes: (t) => `la página «${t}» de nuestras notas`,
      workspace: (_t, path) => `el archivo ${path} de la unidad compartida`,
      web: (t, _p, url) => `la página «${t}» de nuestra intranet (${url})`,
    },
    select: [
      (s, p) => `los mensajes de socios que ${p} clasifica en «${s}»`,
      (s, p) => `los mensajes de socios que entran en el apartado «${s}» de ${p}`.replace(/\bde el\b/g, 'del'),
    ],
    actions: {
      reply_in_language: [
        'redactar para cada uno un borrador de respuesta en el idioma en que nos escribió, con su referencia de pedido y la promesa de una respuesta completa antes del {by}',
        'preparar para cada remitente una respuesta en borrador, en su propio idioma, que cite su número de pedido y diga que tendrá una respuesta completa el {by} como muy tarde',
      ],
      translate_message: [
        'guardar una traducción al inglés de cada uno en translations/<id del mensaje>.md, con todas las cifras tal cual y empezando por el término de nuestro glosario para el asunto ({glossary}) y la referencia del pedido',
        'traducir cada uno al inglés en translations/<id del mensaje>.md, sin tocar cifras ni referencias, con una primera línea que lleve el término del glosario para el asunto ({glossary}) y la referencia del pedido',
      ],
      route_by_language: [
        'reenviar cada uno al compañero que lleva su idioma ({desks}), con el id del mensaje en el asunto',
        'mandar cada uno a quien se ocupa de su idioma ({desks}), indicando el id del mensaje en el asunto',
      ],
    },
    languages: { Spanish: 'español', German: 'alemán', French: 'francés', Chinese: 'chino', Japanese: 'japonés' },
    ask: {
      count: 'cuántos mensajes has tramitado',
      sum: 'el total de unidades pedidas en esos mensajes',
      max: 'la mayor cantidad de unidades pedidas entre ellos',
      min: 'la menor cantidad de unidades pedidas entre ellos',
      mean: 'la media de unidades pedidas por mensaje, con dos decimales',
    },
    count: 'el número de mensajes',
    deliver: {
      report_table: {
        dest: (p) => `una tabla CSV en ${p}`,
        phrases: ['listarlos en {dest}, una fila por mensaje con su id y la {name}'],
      },
      report_doc: {
        dest: (p) => `un documento breve en ${p}`,
        phrases: ['resumirlos en {dest}: un título y una viñeta por mensaje con su id y la {name}'],
      },
      web_page: {
        dest: (p) => `una página HTML en ${p}`,
        phrases: ['convertirlos en {dest} con un elemento de lista por mensaje (id y {name})'],
      },
      summary_mail: {
        dest: (email, who) => `${who} (${email})`,
        phrases: ['enviar a {dest} un único correo de resumen con el id y la {name} de cada uno'],
      },
      ops_notification: {
        dest: (c) => `el canal ${c}`,
        phrases: ['publicar en {dest} una sola notificación con el id y la {name} de cada uno'],
      },
      digest_post: {
        dest: (t) => `un resumen titulado "${t}"`,
        phrases: ['publicar {dest} con el id y la {name} de cada uno'],
      },
    },
    company: 'empresa',
    then: ', y luego ',
    ending: (f) => `, y terminar con ${f}`,
    repeat: ['Repíteme esa cifra en tu respuesta.', 'Incluye también esa cifra en tu respuesta.'],
    body: [(s, a) => `¿Podrías revisar ${s} y ${a}?`, (s, a) => `Habría que revisar ${s} y ${a}. ¿Te encargas tú?`],
    tell: [(q) => `Cuando termines, dime ${q}.`, (q) => `En tu respuesta, indícame también ${q}.`],
    label: {
      count: 'Mensajes tramitados',
      sum: 'Total de unidades pedidas',
      max: 'Mayor cantidad de unidades pedidas',
      min: 'Menor cantidad de unidades pedidas',
      mean: 'Media de unidades pedidas por mensaje',
    },
    closing: [(l, f) => `Listo, ya está todo. ${l}: ${f}.`, (l, f) => `Hecho. ${l}: ${f}.`],
    change: {
      opener: ['Aviso:', 'Una cosa más:', 'Para que lo sepas:'],
      how: ['acaba de cambiar en el sistema', 'se ha actualizado hace un momento'],
      note: (o, id, how, what) => `${o} el mensaje ${id} ${how}; ${what}.`,
      read: (yes) => (yes ? 'ahora figura como leído' : 'ahora figura como no leído'),
      received: (d) => `su fecha de recepción es ahora ${d}`,
    },
    wrapUp: 'Perfecto, gracias.',
    space: ' ',
  },
  German: {
    locale: 'de-DE',
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
      workspace: (_t, path) => `der Datei ${path} auf dem gemeinsamen Laufwerk`,
      web: (t, _p, url) => `der Seite „${t}“ in unserem Intranet (${url})`,
    },
    select: [
      (s, p) => `die Partnernachrichten, die laut ${p} unter „${s}“ fallen`,
      (s, p) => `alle Partnernachrichten, die ${p} zufolge in den Abschnitt „${s}“ gehören`,
    ],
    actions: {
      reply_in_language: [
        'für jede einen Antwortentwurf in der Sprache anlegen, in der sie geschrieben ist, mit der Bestellreferenz und der Zusage einer vollständigen Antwort bis {by}',
        'jedem Absender einen Antwortentwurf in seiner Sprache schreiben, der seine Bestellnummer nennt und eine ausführliche Antwort bis {by} verspricht',
      ],
      translate_message: [
        'von jeder eine englische Übersetzung unter translations/<Nachrichten-ID>.md ablegen, alle Zahlen unverändert, am Anfang unser Glossarbegriff für das Thema ({glossary}) und die Bestellreferenz',
        'jede ins Englische übersetzen und unter translations/<Nachrichten-ID>.md speichern: Zahlen und Referenzen unverändert, in der ersten Zeile der Glossarbegriff für das Anliegen ({glossary}) mit der Bestellreferenz',
      ],
      route_by_language: [
        'jede an die Kollegin oder den Kollegen für ihre Sprache weiterleiten ({desks}), mit der Nachrichten-ID im Betreff',
        'jede an den Desk ihrer Sprache schicken ({desks}) und die Nachrichten-ID in den Betreff schreiben',
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
    // infinitive clauses after "und"; the destinations in the case their verb takes
    deliver: {
      report_table: {
        dest: (p) => `einer CSV-Tabelle unter ${p}`,
        phrases: ['sie anschließend in {dest} auflisten, eine Zeile pro Nachricht mit ID und {name}'],
      },
      report_doc: {
        dest: (p) => `einem kurzen Dokument unter ${p}`,
        phrases: [
          'sie anschließend in {dest} zusammenfassen: eine Überschrift, dann ein Aufzählungspunkt pro Nachricht mit ID und {name}',
        ],
      },
      web_page: {
        dest: (p) => `eine HTML-Seite unter ${p}`,
        phrases: ['daraus anschließend {dest} machen, mit einem Listeneintrag pro Nachricht (ID und {name})'],
      },
      summary_mail: {
        dest: (email, who) => `${who} (${email})`,
        phrases: [
          '{dest} anschließend eine einzige Zusammenfassung per E-Mail schicken, mit ID und {name} jeder Nachricht',
        ],
      },
      ops_notification: {
        dest: (c) => `den Kanal ${c}`,
        phrases: [
          'anschließend {dest} mit einer einzigen Benachrichtigung informieren, mit ID und {name} jeder Nachricht',
        ],
      },
      digest_post: {
        dest: (t) => `einen Digest mit dem Titel „${t}“`,
        phrases: ['anschließend {dest} veröffentlichen, mit ID und {name} jeder Nachricht'],
      },
    },
    company: 'Firma',
    then: ', und ',
    ending: (f) => `, und am Ende ${f} nennen`,
    repeat: ['Nenn mir die Zahl bitte auch in deiner Antwort.', 'Schreib mir dieselbe Zahl auch in deine Antwort.'],
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
      note: (o, id, how, what) => `${o} Die Nachricht ${id} ${how}; ${what}.`,
      read: (yes) => (yes ? 'sie ist jetzt als gelesen markiert' : 'sie ist jetzt als ungelesen markiert'),
      received: (d) => `ihr Eingangsdatum ist jetzt der ${d}`,
    },
    wrapUp: 'Super, danke.',
    space: ' ',
  },
  French: {
    locale: 'fr-FR',
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
      workspace: (_t, path) => `le fichier ${path} sur le drive partagé`,
      web: (t, _p, url) => `la page « ${t} » de notre intranet (${url})`,
    },
    select: [
      (s, p) => `les messages des partenaires que ${p} classe sous « ${s} »`,
      (s, p) => `les messages des partenaires qui relèvent de la rubrique « ${s} » selon ${p}`,
    ],
    actions: {
      reply_in_language: [
        "rédiger pour chacun un brouillon de réponse dans la langue de l'expéditeur, en reprenant sa référence de commande et en promettant une réponse complète d'ici le {by}",
        'préparer un brouillon de réponse à chaque expéditeur, dans sa langue, qui cite son numéro de commande et annonce une réponse détaillée au plus tard le {by}',
      ],
      translate_message: [
        'enregistrer une traduction anglaise de chacun dans translations/<id du message>.md, en gardant tous les chiffres tels quels et en commençant par le terme de notre glossaire pour le sujet ({glossary}) et la référence de commande',
        "traduire chacun en anglais dans translations/<id du message>.md, sans toucher aux chiffres ni aux références, avec en première ligne le terme du glossaire pour l'objet ({glossary}) et la référence de commande",
      ],
      route_by_language: [
        "transférer chacun au collègue qui s'occupe de sa langue ({desks}), avec l'identifiant du message dans l'objet",
        "envoyer chacun au pôle de sa langue ({desks}) en indiquant l'identifiant du message dans l'objet",
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
    deliver: {
      report_table: {
        dest: (p) => `un tableau CSV (${p})`,
        phrases: ['les lister dans {dest}, une ligne par message avec son identifiant et sa {name}'],
      },
      report_doc: {
        dest: (p) => `un court document (${p})`,
        phrases: ['les résumer dans {dest} : un titre, puis une puce par message avec son identifiant et sa {name}'],
      },
      web_page: {
        dest: (p) => `une page HTML (${p})`,
        phrases: ['en faire {dest}, avec un élément de liste par message (identifiant et {name})'],
      },
      summary_mail: {
        dest: (email, who) => `${who} (${email})`,
        phrases: ["envoyer à {dest} un seul e-mail récapitulatif avec l'identifiant et la {name} de chacun"],
      },
      ops_notification: {
        dest: (c) => `le canal ${c}`,
        phrases: ["publier sur {dest} une seule notification avec l'identifiant et la {name} de chacun"],
      },
      digest_post: {
        dest: (t) => `un digest intitulé « ${t} »`,
        phrases: ["publier {dest} avec l'identifiant et la {name} de chacun"],
      },
    },
    company: 'société',
    then: ', puis ',
    ending: (f) => `, en terminant par ${f}`,
    repeat: ['Redonne-moi ce chiffre dans ta réponse.', 'Indique aussi ce chiffre dans ta réponse.'],
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
      note: (o, id, how, what) => `${o} le message ${id} ${how} ; ${what}.`,
      read: (yes) => (yes ? 'il est maintenant marqué comme lu' : 'il est maintenant marqué comme non lu'),
      received: (d) => `sa date de réception est maintenant le ${d}`,
    },
    wrapUp: 'Parfait, merci.',
    space: ' ',
  },
  Chinese: {
    locale: 'zh-CN',
    greet: ['你好，', '嗨，'],
    morning: ['早上好，'],
    sign: ['谢谢！', '辛苦了！', '多谢。'],
    why: [
      '这周合作伙伴的邮件积压了不少。',
      '有几家合作伙伴已经等了好几天回复了。',
      '出口组这几天实在忙不过来。',
      '我想在下次例会之前把合作伙伴这块处理完。',
    ],
    where: ['邮件都在我的收件箱里，每家合作伙伴都用自己的语言写信。', '都在我的收件箱里，语言各不相同。'],
    pointer: {
      kb: (t) => `知识库中的《${t}》文章`,
      gmail: (t) => `我收件箱里的《${t}》邮件`,
      notes: (t) => `我们笔记里的《${t}》页面`,
      workspace: (_t, path) => `共享盘上的 ${path} 文件`,
      web: (t, _p, url) => `内网上的《${t}》页面（${url}）`,
    },
    select: [(s, p) => `${p}中归入“${s}”一节的合作伙伴邮件`, (s, p) => `按照${p}属于“${s}”类的合作伙伴邮件`],
    actions: {
      reply_in_language: [
        '用对方来信所用的语言给每封邮件起草一份回复草稿，注明对方的订单号，并承诺在{by}之前给出完整答复',
        '为每位发件人用其本人的语言准备一份回复草稿，写明订单号，并告知对方我们会在{by}前全面答复',
      ],
      translate_message: [
        '把每封邮件译成英文，保存到 translations/<邮件ID>.md，所有数字保持原样，开头写上我们术语表中对应的事由用语（{glossary}）和订单号',
        '将每封邮件翻译成英文并存为 translations/<邮件ID>.md：数字和编号一律不改，第一行写术语表里的事由用语（{glossary}）和订单号',
      ],
      route_by_language: [
        '把每封邮件转发给负责该语种的同事（{desks}），邮件主题里写上邮件ID',
        '按语种把每封邮件转给对应的同事（{desks}），主题中注明邮件ID',
      ],
    },
    languages: { Spanish: '西班牙语', German: '德语', French: '法语', Chinese: '中文', Japanese: '日语' },
    ask: {
      count: '你处理了多少封邮件',
      sum: '这些邮件的订购总数量',
      max: '其中最大的订购数量',
      min: '其中最小的订购数量',
      mean: '平均订购数量（保留两位小数）',
    },
    count: '邮件数量',
    deliver: {
      report_table: {
        dest: (p) => `CSV 表格（${p}）`,
        phrases: ['然后把它们列在{dest}里，每封邮件一行，写明ID和{name}'],
      },
      report_doc: {
        dest: (p) => `一份简短文档（${p}）`,
        phrases: ['然后在{dest}中汇总：一个标题，每封邮件一个要点，写明ID和{name}'],
      },
      web_page: {
        dest: (p) => `HTML 页面（${p}）`,
        phrases: ['然后把它们做成{dest}，每封邮件一个列表项（ID和{name}）'],
      },
      summary_mail: {
        dest: (email, who) => `${who}（${email}）`,
        phrases: ['然后给{dest}发一封汇总邮件，列出每封邮件的ID和{name}'],
      },
      ops_notification: {
        dest: (c) => `${c} 频道`,
        phrases: ['然后在{dest}发一条通知，列出每封邮件的ID和{name}'],
      },
      digest_post: {
        dest: (t) => `标题为“${t}”的摘要`,
        phrases: ['然后发布{dest}，列出每封邮件的ID和{name}'],
      },
    },
    company: '公司名称',
    then: '，',
    ending: (f) => `，最后写上${f}`,
    repeat: ['回复时也把这个数字告诉我。', '请在回复里也写上这个数字。'],
    body: [(s, a) => `请你处理一下${s}：${a}。`, (s, a) => `麻烦你看一下${s}，${a}。`],
    tell: [(q) => `完成后告诉我${q}。`, (q) => `回复的时候也请告诉我${q}。`],
    label: {
      count: '已处理邮件数',
      sum: '订购总数量',
      max: '最大订购数量',
      min: '最小订购数量',
      mean: '平均订购数量',
    },
    closing: [(l, f) => `已完成。${l}：${f}。`, (l, f) => `都处理好了。${l}：${f}。`],
    change: {
      opener: ['提醒一下：', '还有一件事：', '顺便说一下：'],
      how: ['刚刚在系统里被修改了', '刚才更新过'],
      note: (o, id, how, what) => `${o}邮件 ${id} ${how}，${what}。`,
      read: (yes) => (yes ? '现在标记为已读' : '现在标记为未读'),
      received: (d) => `接收日期现在是 ${d}`,
    },
    wrapUp: '好的，谢谢。',
    space: '',
  },
  Japanese: {
    locale: 'ja-JP',
    greet: ['お疲れさまです。'],
    morning: ['おはようございます。'],
    sign: ['よろしくお願いします。', 'ありがとうございます。', '助かります。'],
    why: [
      '今週は取引先からのメールがたまってしまいました。',
      '何社か、もう何日も返事を待っている取引先があります。',
      '輸出チームが今とても忙しい状況です。',
      '次の定例までに取引先対応を片付けておきたいです。',
    ],
    where: [
      'メールは私の受信箱にあります。取引先はそれぞれ自分の言語で書いてきます。',
      '私の受信箱に入っています。言語は取引先ごとに違います。',
    ],
    pointer: {
      kb: (t) => `ナレッジベースの記事「${t}」`,
      gmail: (t) => `受信箱にあるメール「${t}」`,
      notes: (t) => `ノートのページ「${t}」`,
      workspace: (_t, path) => `共有ドライブのファイル（${path}）`,
      web: (t, _p, url) => `イントラネットのページ「${t}」（${url}）`,
    },
    select: [
      (s, p) => `${p}で「${s}」に分類されている取引先からのメール`,
      (s, p) => `${p}の「${s}」の項に当たる取引先からのメール`,
    ],
    actions: {
      reply_in_language: [
        '相手が書いてきた言語でそれぞれ返信の下書きを作り、注文番号を入れて、{by}までに詳しく回答する旨を伝えてください',
        '送信者ごとに、その人の言語で返信の下書きを用意してください。注文番号を記載し、{by}までに正式に回答すると書き添えてください',
      ],
      translate_message: [
        'それぞれを英語に翻訳して translations/<メッセージID>.md に保存してください。数字はそのまま残し、冒頭に用語集の該当用語（{glossary}）と注文番号を書いてください',
        '一通ずつ英訳し、translations/<メッセージID>.md として保存してください。数字や番号は変えず、1行目に用語集の用語（{glossary}）と注文番号を入れてください',
      ],
      route_by_language: [
        'それぞれを、書かれている言語の担当者に転送してください（{desks}）。件名にはメッセージIDを入れてください',
        '言語ごとの担当者にそれぞれ送ってください（{desks}）。件名にメッセージIDを記載してください',
      ],
    },
    languages: {
      Spanish: 'スペイン語',
      German: 'ドイツ語',
      French: 'フランス語',
      Chinese: '中国語',
      Japanese: '日本語',
    },
    ask: {
      count: '処理したメールの件数',
      sum: 'それらのメールの注文数量の合計',
      max: 'その中で最も多い注文数量',
      min: 'その中で最も少ない注文数量',
      mean: '注文数量の平均（小数点以下2桁）',
    },
    count: 'メールの件数',
    deliver: {
      report_table: {
        dest: (p) => `CSVファイル（${p}）`,
        phrases: ['そのうえで、{dest}に一覧にしてください。1通につき1行で、IDと{name}を入れてください'],
      },
      report_doc: {
        dest: (p) => `短い文書（${p}）`,
        phrases: ['そのうえで、{dest}にまとめてください。見出しのあと、1通ごとにIDと{name}を箇条書きにしてください'],
      },
      web_page: {
        dest: (p) => `HTMLページ（${p}）`,
        phrases: ['そのうえで、{dest}を作ってください。1通につき1項目のリスト（IDと{name}）にしてください'],
      },
      summary_mail: {
        dest: (email, who) => `${who}さん（${email}）`,
        phrases: ['そのうえで、{dest}宛てに、各メールのIDと{name}をまとめたメールを1通送ってください'],
      },
      ops_notification: {
        dest: (c) => `${c} チャンネル`,
        phrases: ['そのうえで、{dest}に、各メールのIDと{name}を載せた通知を1件投稿してください'],
      },
      digest_post: {
        dest: (t) => `「${t}」というタイトルのダイジェスト`,
        phrases: ['そのうえで、{dest}を公開してください。各メールのIDと{name}を載せてください'],
      },
    },
    company: '会社名',
    then: '。',
    ending: (f) => `。最後に${f}も書いてください`,
    repeat: ['返信にもその数字を書いてください。', 'その数字は返信でも教えてください。'],
    body: [(s, a) => `${s}について、${a}。`, (s, a) => `${s}の対応をお願いします。${a}。`],
    tell: [(q) => `終わったら、${q}を教えてください。`, (q) => `返信の際に、${q}も知らせてください。`],
    label: {
      count: '処理したメールの件数',
      sum: '注文数量の合計',
      max: '最も多い注文数量',
      min: '最も少ない注文数量',
      mean: '注文数量の平均',
    },
    closing: [(l, f) => `完了しました。${l}は${f}です。`, (l, f) => `対応が終わりました。${l}：${f}。`],
    change: {
      opener: ['念のため：', 'もう一点：', 'お知らせです：'],
      how: ['先ほどシステム上で変更されました', '少し前に更新されました'],
      note: (o, id, how, what) => `${o}メール ${id} が${how}。${what}。`,
      read: (yes) => (yes ? '現在は既読になっています' : '現在は未読になっています'),
      received: (d) => `受信日は ${d} になっています`,
    },
    wrapUp: 'ありがとうございます、助かりました。',
    space: '',
  },
};

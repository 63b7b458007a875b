import type { Rng } from '../../../env/rng.js';
import { ENGLISH, type EnglishPlan } from './multilingual-english.js';
import { ISO, type Lang, LANGS, type Matter, TOPICS, type Topic } from './multilingual-kinds.js';

export { ISO, type Lang, LANGS, type Matter, TOPICS, type Topic };

// what partners abroad write and what we answer, in their languages: per language and topic, content plans whose
// parts are drawn per message (greeting, the matter with its order reference and figure, the ask, the close), so
// that no two messages share one template; the reply keeps the reference and promises an answer by a date. The
// texts are written as a native correspondent would, not translated word for word.

/**
 * The partner's company and signatory, by language; `latin`: how a colleague writing in English spells a company
 * written in another script (its romanised core name), which a list of these partners may give instead.
 */
export const PARTNERS: Readonly<
  Record<Lang, readonly { company: string; person: string; domain: string; latin?: readonly string[] }[]>
> = {
  Spanish: [
    { company: 'Distribuciones Ibéricas', person: 'Lucía Fernández', domain: 'dibericas.es' },
    { company: 'Talleres Montaña', person: 'Javier Ortega', domain: 'tmontana.es' },
    { company: 'Grupo Alameda', person: 'Carmen Ruiz', domain: 'alameda.mx' },
  ],
  German: [
    { company: 'Weber Maschinenbau GmbH', person: 'Katrin Weber', domain: 'weber-mb.de' },
    { company: 'Nordlicht Logistik', person: 'Jonas Becker', domain: 'nordlicht.de' },
    { company: 'Alpen Handels AG', person: 'Stefan Huber', domain: 'alpenhandel.at' },
  ],
  French: [
    { company: 'Atelier Duval', person: 'Claire Duval', domain: 'atelier-duval.fr' },
    { company: 'Transports Moreau', person: 'Antoine Moreau', domain: 'tmoreau.fr' },
    { company: 'Laurent & Fils', person: 'Sophie Laurent', domain: 'laurentfils.be' },
  ],
  Chinese: [
    { company: '华信贸易有限公司', person: '王明', domain: 'huaxin-trade.cn', latin: ['Huaxin', 'Hua Xin'] },
    { company: '深圳恒达电子', person: '李静', domain: 'hengda-sz.cn', latin: ['Hengda', 'Heng Da'] },
    { company: '上海云帆物流', person: '陈伟', domain: 'yunfan-log.cn', latin: ['Yunfan', 'Yun Fan'] },
  ],
  Japanese: [
    { company: '株式会社サクラ商事', person: '佐藤 健', domain: 'sakura-shoji.jp', latin: ['Sakura'] },
    {
      company: '東和精機株式会社',
      person: '高橋 美咲',
      domain: 'towa-seiki.jp',
      latin: ['Towa', 'Tōwa', 'Touwa', 'Tohwa'],
    },
    { company: '北斗物流株式会社', person: '伊藤 翔', domain: 'hokuto-log.jp', latin: ['Hokuto'] },
  ],
};

type Plan = {
  /** per topic, per body variant, the subjects that fit it (a missing refund is not headed "billing discrepancy") */
  subject: Record<Topic, readonly (readonly string[])[]>;
  greet: readonly string[];
  body: Record<Topic, readonly ((m: Matter) => string)[]>;
  ask: readonly string[];
  /** the order's size, said in passing */
  units: readonly ((n: number) => string)[];
  close: readonly ((person: string, company: string) => string)[];
  reply: (m: Matter, name: string, topic: Topic, by: string) => string;
};

// subjects that fit each of a topic's two bodies
const both = (xs: readonly string[]): readonly (readonly string[])[] => [xs, xs];

const PLANS: Readonly<Record<Lang, Plan>> = {
  Spanish: {
    subject: {
      invoice: [
        ['Consulta sobre la factura', 'Duda con nuestra factura', 'Importe de la factura incorrecto'],
        ['Consulta sobre la factura', 'Factura pendiente', 'Pago de la factura'],
      ],
      delivery: both(['Retraso en la entrega', 'Estado de nuestro envío', 'Pedido sin recibir']),
      price: [
        ['Consulta de precios', 'Vigencia del precio', 'Precio del próximo pedido'],
        ['Consulta de precios', 'Confirmación de tarifa'],
      ],
      complaint: [
        ['Reclamación', 'Mercancía dañada', 'Incidencia en el pedido'],
        ['Reclamación', 'Faltan piezas en el pedido', 'Incidencia en el pedido'],
      ],
    },
    greet: ['Estimados señores:', 'Buenos días:', 'Hola, ¿qué tal?'],
    body: {
      invoice: [
        (m) =>
          `Hemos recibido la factura del pedido ${m.ref} por ${m.amount} y el importe no coincide con el presupuesto que acordamos.`,
        (m) =>
          `Nuestro departamento de contabilidad no encuentra el pago de la factura del pedido ${m.ref} (${m.amount}) que vence el ${m.day}.`,
      ],
      delivery: [
        (m) =>
          `El pedido ${m.ref} tenía que llegar el ${m.day} y todavía no lo hemos recibido; el valor es de ${m.amount}.`,
        (m) => `Seguimos esperando la entrega del pedido ${m.ref}. Nos confirmaron el ${m.day} como fecha de llegada.`,
      ],
      price: [
        (m) =>
          `Queremos repetir el pedido ${m.ref} y necesitamos saber si el precio de ${m.amount} sigue vigente después del ${m.day}.`,
        (m) =>
          `Antes de cerrar el presupuesto anual, ¿podrían confirmarnos la tarifa del pedido ${m.ref}? Teníamos ${m.amount}.`,
      ],
      complaint: [
        (m) =>
          `Parte de la mercancía del pedido ${m.ref} llegó dañada el ${m.day}; calculamos unas pérdidas de ${m.amount}.`,
        (m) => `Estamos muy descontentos con el pedido ${m.ref}: faltan piezas por valor de ${m.amount}.`,
      ],
    },
    ask: ['Les agradeceríamos una respuesta lo antes posible.', '¿Podrían revisarlo y decirnos algo esta semana?'],
    units: [(n) => `El pedido era de ${n} unidades.`, (n) => `Se trata de ${n} unidades en total.`],
    close: [(p, c) => `Un saludo cordial,\n${p}\n${c}`, (p, c) => `Atentamente,\n${p} (${c})`],
    reply: (m, name, _t, by) =>
      `Estimado/a ${name}:\n\nGracias por su mensaje sobre el pedido ${m.ref}. Lo estamos revisando con el equipo y le daremos una respuesta completa antes del ${by}.\n\nUn saludo cordial`,
  },
  German: {
    subject: {
      invoice: [
        ['Rückfrage zur Rechnung', 'Unstimmigkeit in der Rechnung'],
        ['Rückfrage zur Rechnung', 'Rechnung nicht erhalten'],
      ],
      delivery: both(['Lieferverzug', 'Wo bleibt unsere Lieferung?', 'Status der Bestellung']),
      price: [
        ['Preisanfrage', 'Gültigkeit des Angebots', 'Preise für die Nachbestellung'],
        ['Preisanfrage', 'Preisbestätigung für die Jahresplanung'],
      ],
      complaint: [
        ['Reklamation', 'Beschädigte Ware', 'Mängel an der Lieferung'],
        ['Reklamation', 'Fehlende Teile', 'Unvollständige Lieferung'],
      ],
    },
    greet: ['Sehr geehrte Damen und Herren,', 'Guten Tag,', 'Hallo zusammen,'],
    body: {
      invoice: [
        (m) => `die Rechnung zur Bestellung ${m.ref} über ${m.amount} weicht von unserem vereinbarten Angebot ab.`,
        (m) =>
          `unserer Buchhaltung fehlt die Rechnung zur Bestellung ${m.ref}; der Betrag von ${m.amount} war zum ${m.day} fällig.`,
      ],
      delivery: [
        (m) =>
          `die Bestellung ${m.ref} sollte am ${m.day} bei uns eintreffen, ist aber bis heute nicht angekommen (Warenwert ${m.amount}).`,
        (m) =>
          `wir warten weiterhin auf die Lieferung zur Bestellung ${m.ref}, die uns für den ${m.day} zugesagt wurde.`,
      ],
      price: [
        (m) =>
          `wir möchten die Bestellung ${m.ref} wiederholen und fragen, ob der Preis von ${m.amount} auch nach dem ${m.day} noch gilt.`,
        (m) =>
          `für unsere Jahresplanung bitten wir um Bestätigung des Preises aus der Bestellung ${m.ref} (bisher ${m.amount}).`,
      ],
      complaint: [
        (m) =>
          `ein Teil der Ware aus der Bestellung ${m.ref} kam am ${m.day} beschädigt an; der Schaden beläuft sich auf etwa ${m.amount}.`,
        (m) => `bei der Bestellung ${m.ref} fehlen Teile im Wert von ${m.amount}, und das nicht zum ersten Mal.`,
      ],
    },
    ask: ['Wir bitten um eine kurzfristige Rückmeldung.', 'Könnten Sie das bitte prüfen und sich diese Woche melden?'],
    units: [(n) => `Die Bestellung umfasste ${n} Stück.`, (n) => `Es geht um insgesamt ${n} Stück.`],
    close: [(p, c) => `Mit freundlichen Grüßen\n${p}\n${c}`, (p, c) => `Beste Grüße\n${p}, ${c}`],
    reply: (m, name, _t, by) =>
      `Guten Tag ${name},\n\nvielen Dank für Ihre Nachricht zur Bestellung ${m.ref}. Wir prüfen den Vorgang gerade im Team und geben Ihnen bis zum ${by} eine vollständige Antwort.\n\nMit freundlichen Grüßen`,
  },
  French: {
    subject: {
      invoice: [
        ['Question sur la facture', 'Écart sur notre facture'],
        ['Question sur la facture', 'Facture non reçue'],
      ],
      delivery: both(['Retard de livraison', 'Où en est notre commande ?', 'Commande non reçue']),
      price: [
        ['Demande de prix', 'Validité du tarif', 'Tarif pour la prochaine commande'],
        ['Demande de prix', 'Confirmation du tarif'],
      ],
      complaint: [
        ['Réclamation', 'Marchandise endommagée', 'Problème sur la commande'],
        ['Réclamation', 'Pièces manquantes', 'Problème sur la commande'],
      ],
    },
    greet: ['Madame, Monsieur,', 'Bonjour,', 'Bonjour à toute l’équipe,'],
    body: {
      invoice: [
        (m) =>
          `la facture de la commande ${m.ref}, d’un montant de ${m.amount}, ne correspond pas au devis que nous avions accepté.`,
        (m) =>
          `notre service comptable ne retrouve pas la facture de la commande ${m.ref} (${m.amount}), attendue pour le ${m.day}.`,
      ],
      delivery: [
        (m) =>
          `la commande ${m.ref} devait nous parvenir le ${m.day} et nous ne l’avons toujours pas reçue (valeur ${m.amount}).`,
        (m) => `nous attendons toujours la livraison de la commande ${m.ref}, annoncée pour le ${m.day}.`,
      ],
      price: [
        (m) =>
          `nous souhaitons renouveler la commande ${m.ref} et voudrions savoir si le prix de ${m.amount} reste valable après le ${m.day}.`,
        (m) =>
          `pour notre budget annuel, pourriez-vous nous confirmer le tarif de la commande ${m.ref} (jusqu’ici ${m.amount}) ?`,
      ],
      complaint: [
        (m) =>
          `une partie de la marchandise de la commande ${m.ref} est arrivée abîmée le ${m.day} ; nous estimons le préjudice à ${m.amount}.`,
        (m) =>
          `il manque des pièces d’une valeur de ${m.amount} dans la commande ${m.ref}, et ce n’est pas la première fois.`,
      ],
    },
    ask: ['Merci de nous répondre rapidement.', 'Pourriez-vous vérifier et revenir vers nous cette semaine ?'],
    units: [(n) => `La commande portait sur ${n} unités.`, (n) => `Il s’agit de ${n} unités au total.`],
    close: [(p, c) => `Cordialement,\n${p}\n${c}`, (p, c) => `Bien à vous,\n${p} (${c})`],
    reply: (m, name, _t, by) =>
      `Bonjour ${name},\n\nmerci pour votre message concernant la commande ${m.ref}. Nous vérifions le dossier avec l’équipe et vous apporterons une réponse complète d’ici le ${by}.\n\nCordialement`,
  },
  Chinese: {
    subject: {
      invoice: [
        ['关于发票的问题', '发票金额有误'],
        ['关于发票的问题', '退款尚未到账'],
      ],
      delivery: both(['交货延迟', '订单尚未收到', '请问货物何时到达']),
      price: [
        ['询价', '报价是否仍然有效', '续订价格确认'],
        ['询价', '年度价格确认'],
      ],
      complaint: [
        ['投诉', '货物破损', '订单问题反馈'],
        ['投诉', '零件短缺', '订单问题反馈'],
      ],
    },
    greet: ['您好：', '尊敬的合作伙伴：', '各位好：'],
    body: {
      invoice: [
        (m) => `我们收到了订单 ${m.ref} 的发票，金额为 ${m.amount}，但与双方确认的报价不一致。`,
        (m) => `我司财务尚未收到订单 ${m.ref} 的退款（${m.amount}），原定到账日期为 ${m.day}。`,
      ],
      delivery: [
        (m) => `订单 ${m.ref} 原定于 ${m.day} 送达，但至今仍未收到，货值 ${m.amount}。`,
        (m) => `我们仍在等待订单 ${m.ref} 的货物，贵方此前承诺 ${m.day} 到货。`,
      ],
      price: [
        (m) => `我们希望续订订单 ${m.ref}，请问 ${m.amount} 的价格在 ${m.day} 之后是否仍然有效？`,
        (m) => `为了制定年度预算，请确认订单 ${m.ref} 的价格（此前为 ${m.amount}）。`,
      ],
      complaint: [
        (m) => `订单 ${m.ref} 的部分货物于 ${m.day} 到达时已经损坏，损失约为 ${m.amount}。`,
        (m) => `订单 ${m.ref} 缺少价值 ${m.amount} 的零件，这已经不是第一次了。`,
      ],
    },
    ask: ['请尽快回复，谢谢。', '麻烦本周内核实并给我们答复。'],
    units: [(n) => `该订单共 ${n} 件。`, (n) => `涉及货物合计 ${n} 件。`],
    close: [(p, c) => `此致\n敬礼\n${p}\n${c}`, (p, c) => `祝好\n${c} ${p}`],
    reply: (m, name, _t, by) =>
      `${name} 您好：\n\n感谢您关于订单 ${m.ref} 的来信。我们正在与团队核实相关情况，将在 ${by} 之前给您完整答复。\n\n此致\n敬礼`,
  },
  Japanese: {
    subject: {
      invoice: [
        ['請求書についてのお問い合わせ', '請求金額の相違について'],
        ['請求書についてのお問い合わせ', '返金の件について'],
      ],
      delivery: both(['納品遅延について', 'ご注文品の到着について', '出荷状況の確認']),
      price: [
        ['価格についてのお問い合わせ', '見積もりの有効期限について', '追加注文の価格確認'],
        ['価格についてのお問い合わせ', '単価のご確認のお願い'],
      ],
      complaint: [
        ['苦情のご連絡', '破損品について', 'ご注文品の不具合について'],
        ['苦情のご連絡', '部品不足について'],
      ],
    },
    greet: ['いつもお世話になっております。', 'お世話になっております。', 'ご担当者様'],
    body: {
      invoice: [
        (m) =>
          `注文番号 ${m.ref} の請求書（${m.amount}）を受領しましたが、合意した見積もりと金額が一致しておりません。`,
        (m) => `弊社経理にて、注文番号 ${m.ref} の返金（${m.amount}、${m.day} 期限）が確認できておりません。`,
      ],
      delivery: [
        (m) => `注文番号 ${m.ref} は ${m.day} に到着予定でしたが、まだ届いておりません（金額 ${m.amount}）。`,
        (m) => `${m.day} 着とご案内いただいた注文番号 ${m.ref} の商品を、引き続きお待ちしております。`,
      ],
      price: [
        (m) =>
          `注文番号 ${m.ref} を再発注したく、${m.amount} の価格が ${m.day} 以降も有効かご確認いただけますでしょうか。`,
        (m) => `年間予算の作成のため、注文番号 ${m.ref} の単価（これまで ${m.amount}）をご確認ください。`,
      ],
      complaint: [
        (m) => `注文番号 ${m.ref} の商品の一部が ${m.day} に破損した状態で届きました。損害はおよそ ${m.amount} です。`,
        (m) => `注文番号 ${m.ref} で ${m.amount} 相当の部品が不足しておりました。以前にも同様のことがございました。`,
      ],
    },
    ask: ['お手数ですが、早急にご回答いただけますと幸いです。', '今週中にご確認のうえ、ご連絡いただけますでしょうか。'],
    units: [(n) => `ご注文数量は ${n} 個です。`, (n) => `対象は合計 ${n} 個となります。`],
    close: [
      (p, c) => `よろしくお願いいたします。\n${c}\n${p}`,
      (p, c) => `何卒よろしくお願い申し上げます。\n${c} ${p}`,
    ],
    reply: (m, name, _t, by) =>
      `${name} 様\n\nいつもお世話になっております。注文番号 ${m.ref} についてご連絡いただき、ありがとうございます。現在チームで確認しており、${by} までに詳しくご回答いたします。\n\nよろしくお願いいたします。`,
  },
};

/**
 * A message from a partner: its subject and body in the partner's language, about the matter, and the body's
 * English, part for part (the same drawn variants; multilingual-english.ts).
 */
export function partnerMessage(
  rng: Rng,
  lang: Lang,
  topic: Topic,
  m: Matter,
  who: { person: string; company: string },
): { subject: string; body: string; english: string } {
  const p = PLANS[lang];
  const en = ENGLISH[lang];
  const at = (n: number) => rng.int(0, n - 1);
  const [g, b, u, a, c] = [
    at(p.greet.length),
    at(p.body[topic].length),
    at(p.units.length),
    at(p.ask.length),
    at(p.close.length),
  ];
  const text = (q: Pick<Plan, 'greet' | 'body' | 'units' | 'ask' | 'close'> | EnglishPlan) =>
    [
      q.greet[g],
      '',
      q.body[topic][b]?.(m),
      ...(m.units !== undefined ? [q.units[u]?.(m.units)] : []),
      q.ask[a],
      '',
      q.close[c]?.(who.person, who.company),
    ].join('\n');
  return { subject: rng.pick(p.subject[topic][b] ?? p.subject[topic].flat()), body: text(p), english: text(en) };
}

/** Our reply in the partner's language: it keeps the order reference and promises a full answer by `by`. */
export const replyIn = (lang: Lang, m: Matter, name: string, topic: Topic, by: string): string =>
  PLANS[lang].reply(m, name, topic, by);

import { type DeskText, weekdayDay } from './types.js';

/** The Spanish desk's words. */
export const SPANISH: DeskText = {
  // "viernes, 4 de diciembre" reads "el viernes 4 de diciembre" in running text
  day: (d) => weekdayDay('es-ES', d).replace(',', ''),
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
    workspace: (_t, at) => `el archivo ${at} de la unidad compartida`,
    web: (t, at) => `la página «${t}» de nuestra intranet (${at})`,
  },
  select: [
    (s, p) => `los mensajes de socios que ${p} clasifica en «${s}»`,
    (s, p) => `los mensajes de socios que entran en el apartado «${s}» de ${p}`.replace(/\bde el\b/g, 'del'),
  ],
  actions: {
    reply_in_language: [
      'redactar para cada uno un borrador de respuesta en el idioma en que nos escribió, con su referencia de pedido y la promesa de una respuesta completa antes del {by} (solo borradores: no los envíes)',
      'preparar para cada remitente una respuesta en borrador, en su propio idioma, que cite su número de pedido y diga que tendrá una respuesta completa el {by} como muy tarde (solo borradores: no los envíes)',
    ],
    translate_message: [
      'guardar una traducción al inglés de cada uno en translations/<número de pedido>.md, con todas las cifras tal cual y empezando por el término de nuestro glosario para el asunto ({glossary}) y la referencia del pedido',
      'traducir cada uno al inglés en translations/<número de pedido>.md, sin tocar cifras ni referencias, con una primera línea que lleve el término del glosario para el asunto ({glossary}) y la referencia del pedido',
    ],
    route_by_language: [
      'reenviar cada uno al compañero que lleva su idioma ({desks}), con el número de pedido en el asunto y el nombre de la empresa que escribe en el mensaje',
      'mandar cada uno a quien se ocupa de su idioma ({desks}), indicando el número de pedido en el asunto y, en el cuerpo, qué empresa escribe',
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
  figureWords: [
    'mensaje',
    'tramitad',
    'total',
    'unidad',
    'media',
    'promedio',
    'mayor',
    'menor',
    'máxim',
    'mínim',
    'cifra',
    'número',
    'suma',
    'cantidad',
  ],
  decimalComma: true,
  deliver: {
    report_table: {
      dest: (p) => `una tabla CSV en ${p}`,
      phrases: ['listarlos en {dest}, una fila por mensaje con su número de pedido y la {name}'],
    },
    report_doc: {
      dest: (p) => `un documento breve en ${p}`,
      phrases: ['resumirlos en {dest}: un título y una viñeta por mensaje con su número de pedido y la {name}'],
    },
    web_page: {
      dest: (p) => `una página HTML en ${p}`,
      phrases: ['convertirlos en {dest} con un elemento de lista por mensaje (número de pedido y {name})'],
    },
    summary_mail: {
      // the destination brings its preposition: "a Ana Ruiz (…)", "al compañero que te indicaré"
      dest: (email, who) => `a ${who} (${email})`,
      phrases: ['enviar {dest} un único correo de resumen con el número de pedido y la {name} de cada uno'],
    },
    ops_notification: {
      dest: (c) => `el canal ${c}`,
      phrases: ['publicar en {dest} una sola notificación con el número de pedido y la {name} de cada uno'],
    },
    digest_post: {
      dest: (t) => `un resumen titulado "${t}"`,
      phrases: ['publicar {dest} con el número de pedido y la {name} de cada uno'],
    },
  },
  company: 'empresa',
  then: ', y luego ',
  ending: (f) => `, y terminar con ${f}`,
  repeat: ['Repíteme esa cifra en tu respuesta.', 'Incluye también esa cifra en tu respuesta.'],
  asking: {
    unnamed: {
      report_table: 'una tabla CSV',
      report_doc: 'un documento breve',
      web_page: 'una página HTML',
      summary_mail: 'al compañero que te indicaré',
      ops_notification: 'el canal que te indicaré',
      digest_post: 'un resumen',
    },
    first: {
      'file path': 'Pregúntame la ruta del archivo antes de guardar nada.',
      recipient: 'Pregúntame a quién enviarlo antes de mandar nada.',
      channel: 'Pregúntame el canal antes de publicar nada.',
      title: 'El título aún no está decidido: pregúntamelo antes de publicar.',
    },
    question: {
      'file path': '¿En qué ruta guardo el archivo?',
      recipient: '¿A quién se lo envío?',
      channel: '¿En qué canal lo publico?',
      title: '¿Qué título le pongo?',
    },
    keywords: [
      'ruta',
      'archivo',
      'quién',
      'quien',
      'destinatario',
      'canal',
      'título',
      'titulo',
      'dónde',
      'donde',
      'qué',
      'cuál',
    ],
    use: (v) => `Usa ${v}.`,
  },
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
    note: (o, id, how, what) => `${o} el mensaje del pedido ${id} ${how}; ${what}.`,
    read: (yes) => (yes ? 'ahora figura como leído' : 'ahora figura como no leído'),
    received: (d) => `su fecha de recepción es ahora ${d}`,
    join: '; ',
  },
  wrapUp: 'Perfecto, gracias.',
  space: ' ',
};

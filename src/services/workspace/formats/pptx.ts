import { coreXml, type OoxmlMeta } from './meta.js';
import { attr, esc, findAll, findOne, local, parseXml, textUnder, XML_HEAD, type XNode } from './xml.js';
import { unzipText, zipEntries } from './zip.js';
import { ParseBudget } from './budget.js';

/** One slide: its title and its body paragraphs (bullets), in order. */
export interface Slide {
  title: string;
  bullets: string[];
}

const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const NSS = `xmlns:a="${A}" xmlns:r="${R}" xmlns:p="${P}"`;
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.presentationml';
const GROUP = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>';

const relsXml = (rels: readonly (readonly [string, string])[]) =>
  `${XML_HEAD}<Relationships xmlns="${RELS}">${rels.map(([type, target], i) => `<Relationship Id="rId${i + 1}" Type="${type.includes('/') ? type : `${R}/${type}`}" Target="${target}"/>`).join('')}</Relationships>`;

const shape = (id: number, name: string, ph: string, y: number, cy: number, paras: readonly string[]) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8229600" cy="${cy}"/></a:xfrm></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/>${(paras.length ? paras : ['']).map((t) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${esc(t)}</a:t></a:r></a:p>`).join('')}</p:txBody></p:sp>`;

const slideXml = (s: Slide) =>
  `${XML_HEAD}<p:sld ${NSS}><p:cSld><p:spTree>${GROUP}${shape(2, 'Title 1', '<p:ph type="title"/>', 274638, 1143000, [s.title])}${shape(3, 'Content 2', '<p:ph idx="1"/>', 1600200, 4525963, s.bullets)}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;

const color = (name: string, hex: string) => `<a:${name}><a:srgbClr val="${hex}"/></a:${name}>`;
const fill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
const line = '<a:ln w="9525"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln>';
const THEME = `${XML_HEAD}<a:theme xmlns:a="${A}" name="Office"><a:themeElements><a:clrScheme name="Office"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1>${color('dk2', '1F497D')}${color('lt2', 'EEECE1')}${color('accent1', '4F81BD')}${color('accent2', 'C0504D')}${color('accent3', '9BBB59')}${color('accent4', '8064A2')}${color('accent5', '4BACC6')}${color('accent6', 'F79646')}${color('hlink', '0000FF')}${color('folHlink', '800080')}</a:clrScheme><a:fontScheme name="Office"><a:majorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Office"><a:fillStyleLst>${fill.repeat(3)}</a:fillStyleLst><a:lnStyleLst>${line.repeat(3)}</a:lnStyleLst><a:effectStyleLst>${'<a:effectStyle><a:effectLst/></a:effectStyle>'.repeat(3)}</a:effectStyleLst><a:bgFillStyleLst>${fill.repeat(3)}</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;
const MASTER = `${XML_HEAD}<p:sldMaster ${NSS}><p:cSld><p:spTree>${GROUP}</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`;
const LAYOUT = `${XML_HEAD}<p:sldLayout ${NSS} type="obj" preserve="1"><p:cSld name="Title and Content"><p:spTree>${GROUP}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`;

/** Renders a deck of title + bullet slides; same slides and meta ⇒ the same bytes. */
export function writePptx(slides: readonly Slide[], meta: OoxmlMeta): Uint8Array {
  const ct = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="${CT}.presentation.main+xml"/><Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="${CT}.slideMaster+xml"/><Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="${CT}.slideLayout+xml"/><Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>${slides.map((_, i) => `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="${CT}.slide+xml"/>`).join('')}<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
  const pres = `${XML_HEAD}<p:presentation ${NSS}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 2}"/>`).join('')}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000" type="screen4x3"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`;
  return zipEntries(
    [
      ['[Content_Types].xml', ct],
      [
        '_rels/.rels',
        relsXml([
          ['officeDocument', 'ppt/presentation.xml'],
          [`${RELS}/metadata/core-properties`, 'docProps/core.xml'],
        ]),
      ],
      ['docProps/core.xml', coreXml(meta)],
      ['ppt/presentation.xml', pres],
      [
        'ppt/_rels/presentation.xml.rels',
        relsXml([
          ['slideMaster', 'slideMasters/slideMaster1.xml'],
          ...slides.map((_, i) => ['slide', `slides/slide${i + 1}.xml`] as const),
          ['theme', 'theme/theme1.xml'],
        ]),
      ],
      ['ppt/slideMasters/slideMaster1.xml', MASTER],
      [
        'ppt/slideMasters/_rels/slideMaster1.xml.rels',
        relsXml([
          ['slideLayout', '../slideLayouts/slideLayout1.xml'],
          ['theme', '../theme/theme1.xml'],
        ]),
      ],
      ['ppt/slideLayouts/slideLayout1.xml', LAYOUT],
      ['ppt/slideLayouts/_rels/slideLayout1.xml.rels', relsXml([['slideMaster', '../slideMasters/slideMaster1.xml']])],
      ['ppt/theme/theme1.xml', THEME],
      ...slides.flatMap((s, i) => [
        [`ppt/slides/slide${i + 1}.xml`, slideXml(s)] as const,
        [
          `ppt/slides/_rels/slide${i + 1}.xml.rels`,
          relsXml([['slideLayout', '../slideLayouts/slideLayout1.xml']]),
        ] as const,
      ]),
    ],
    meta.modified,
  );
}

const isTitle = (sp: XNode) => {
  const ph = findOne(sp.children, 'ph');
  return !!ph && /title/i.test(attr(ph, 'type') ?? '');
};

/** Reads slides in presentation order: the title placeholder and every other paragraph; throws on a broken file. */
export function readPptx(bytes: Uint8Array, budget = new ParseBudget()): Slide[] {
  const parts = unzipText(
    bytes,
    (n) =>
      n.startsWith('ppt/') &&
      (n.endsWith('.xml') || n.endsWith('.rels')) &&
      !n.includes('/slideMasters/') &&
      !n.includes('/theme/'),
    budget,
  );
  const pres = parts.get('ppt/presentation.xml');
  if (!pres) throw new Error('not a presentation: ppt/presentation.xml is missing');
  const rels = new Map(
    findAll(parseXml(parts.get('ppt/_rels/presentation.xml.rels') ?? '', budget), 'Relationship').map((r) => [
      attr(r, 'Id') ?? '',
      attr(r, 'Target') ?? '',
    ]),
  );
  const ids = findAll(parseXml(pres, budget), 'sldId');
  budget.count('parts', ids.length, 'slides');
  return ids.map((id) => {
    const target = rels.get(attr(id, 'r:id') ?? attr(id, 'id') ?? '') ?? '';
    // a slide listed twice is parsed twice: the nodes budget counts both
    const tree = parseXml(parts.get(target.startsWith('/') ? target.slice(1) : `ppt/${target}`) ?? '', budget);
    const shapes = findAll(tree, 'sp');
    const title = shapes
      .filter(isTitle)
      .map((sp) =>
        findAll(sp.children, 'p')
          .map((p) => textUnder(p))
          .join(' ')
          .trim(),
      )
      .join(' ');
    const rest = findAll(tree, 'spTree').flatMap((t) =>
      findAll(
        t.children.filter((c) => !(local(c.tag) === 'sp' && isTitle(c))),
        'p',
      ),
    );
    return { title, bullets: rest.map((p) => textUnder(p).trim()).filter(Boolean) };
  });
}

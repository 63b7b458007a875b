"""Independent OOXML reader for the tests: Python's zipfile + ElementTree only (no project code).

Usage: python3 ooxml-reader.py FILE  → JSON on stdout:
  xlsx: {"sheets": {name: {A1: value, ...}}}   docx: {"paragraphs": [...], "tables": [[[cell]]]}
  pptx: {"slides": [[text, ...], ...]}
"""
import json
import re
import sys
import zipfile
import xml.etree.ElementTree as ET

NS = {
    's': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
    'r': 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
    'w': 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
    'a': 'http://schemas.openxmlformats.org/drawingml/2006/main',
    'p': 'http://schemas.openxmlformats.org/presentationml/2006/main',
    'rel': 'http://schemas.openxmlformats.org/package/2006/relationships',
}


def rels(z, path):
    return {r.get('Id'): r.get('Target') for r in ET.fromstring(z.read(path)).findall('rel:Relationship', NS)}


def xlsx(z):
    shared = []
    if 'xl/sharedStrings.xml' in z.namelist():
        shared = [''.join(t.text or '' for t in si.iter('{%s}t' % NS['s'])) for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('s:si', NS)]
    targets = rels(z, 'xl/_rels/workbook.xml.rels')
    out = {}
    for sheet in ET.fromstring(z.read('xl/workbook.xml')).find('s:sheets', NS):
        root = ET.fromstring(z.read('xl/' + targets[sheet.get('{%s}id' % NS['r'])]))
        cells = {}
        for c in root.iter('{%s}c' % NS['s']):
            t = c.get('t')
            v = c.find('s:v', NS)
            if t == 'inlineStr':
                val = ''.join(x.text or '' for x in c.iter('{%s}t' % NS['s']))
            elif v is None:
                continue
            elif t == 's':
                val = shared[int(v.text)]
            elif t == 'b':
                val = v.text == '1'
            elif t in ('str', 'e'):
                val = v.text
            else:
                val = float(v.text)
            cells[c.get('r')] = val
        out[sheet.get('name')] = cells
    return {'sheets': out}


def docx(z):
    body = ET.fromstring(z.read('word/document.xml')).find('w:body', NS)
    text = lambda el: ''.join(t.text or '' for t in el.iter('{%s}t' % NS['w']))
    paragraphs = [text(p) for p in body.findall('w:p', NS)]
    tables = [[[text(tc) for tc in tr.findall('w:tc', NS)] for tr in tbl.findall('w:tr', NS)] for tbl in body.findall('w:tbl', NS)]
    return {'paragraphs': paragraphs, 'tables': tables}


def pptx(z):
    targets = rels(z, 'ppt/_rels/presentation.xml.rels')
    slides = []
    for sid in ET.fromstring(z.read('ppt/presentation.xml')).find('p:sldIdLst', NS):
        root = ET.fromstring(z.read('ppt/' + targets[sid.get('{%s}id' % NS['r'])]))
        slides.append([''.join(t.text or '' for t in p.iter('{%s}t' % NS['a'])) for p in root.iter('{%s}p' % NS['a'])])
    return {'slides': slides}


def main():
    path = sys.argv[1]
    with zipfile.ZipFile(path) as z:
        bad = z.testzip()
        if bad:
            raise SystemExit('corrupt entry: ' + bad)
        names = z.namelist()
        ET.fromstring(z.read('[Content_Types].xml'))
        kind = 'xlsx' if 'xl/workbook.xml' in names else 'docx' if 'word/document.xml' in names else 'pptx' if 'ppt/presentation.xml' in names else None
        if kind is None:
            raise SystemExit('not an OOXML package')
        result = {'xlsx': xlsx, 'docx': docx, 'pptx': pptx}[kind](z)
        result['kind'] = kind
        result['dates'] = sorted({'%04d-%02d-%02dT%02d:%02d:%02d' % i.date_time for i in z.infolist()})
        print(json.dumps(result))


main()

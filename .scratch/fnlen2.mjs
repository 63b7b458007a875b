import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
const walk = (d) => readdirSync(d).flatMap((f) => { const p = join(d, f); return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : []; });
// blank out strings, template literals (roughly) and comments, keep newlines
function strip(s) {
  let out = '', i = 0;
  while (i < s.length) {
    const c = s[i], n = s[i + 1];
    if (c === '/' && n === '/') { while (i < s.length && s[i] !== '\n') i++; continue; }
    if (c === '/' && n === '*') { i += 2; while (i < s.length && !(s[i] === '*' && s[i + 1] === '/')) { out += s[i] === '\n' ? '\n' : ' '; i++; } i += 2; continue; }
    if (c === "'" || c === '"' || c === '`') { const q = c; i++; out += ' '; while (i < s.length && s[i] !== q) { if (s[i] === '\\') { i++; } out += s[i] === '\n' ? '\n' : ' '; i++; } i++; out += ' '; continue; }
    out += c; i++;
  }
  return out;
}
for (const file of walk(process.argv[2] ?? 'src/synth')) {
  const text = strip(readFileSync(file, 'utf8'));
  const lines = text.split('\n');
  const re = /(function\s*\w*\s*\([^]*?\)[^{;]*\{|=>\s*\{|^\s*(?:async\s+)?\w+\s*\([^)]*\)\s*(?::[^{]*)?\{)/gm;
  let m;
  while ((m = re.exec(text))) {
    const open = m.index + m[0].length - 1;
    let depth = 0, j = open;
    for (; j < text.length; j++) { if (text[j] === '{') depth++; else if (text[j] === '}') { depth--; if (depth === 0) break; } }
    const a = text.slice(0, m.index).split('\n').length, b = text.slice(0, j).split('\n').length;
    if (b - a + 1 > 120) console.log(file, a, b - a + 1, lines[a - 1].trim().slice(0, 60));
  }
}

import re, sys
path = sys.argv[1]
src = open(path).read()
lines = src.split('\n')
stmts = []  # (start, end) line idx inclusive
i = 0
while i < len(lines):
    m = re.match(r'^const ([A-Z][A-Z0-9_]+)\b', lines[i])
    if m:
        depth = 0; j = i
        while True:
            l = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", '', lines[j])
            depth += l.count('[') + l.count('{') + l.count('(') - l.count(']') - l.count('}') - l.count(')')
            if depth <= 0 and lines[j].rstrip().endswith(';'):
                break
            j += 1
        text = '\n'.join(lines[i:j+1])
        if '=>' not in text and 'function' not in text and 'rng' not in text:
            # include a directly preceding comment block
            s = i
            while s > 0 and lines[s-1].startswith('//'):
                s -= 1
            stmts.append((s, j, m.group(1)))
        i = j + 1
    else:
        i += 1
names = [n for _, _, n in stmts]
base = path.rsplit('/', 1)[1][:-3]
data_lines = [f"// {base.replace('-', ' ')}: the curated names, spreads and note terms its record types draw from (its pack,\n// {base}.ts, holds the record types themselves)\n"]
for s, e, n in stmts:
    block = '\n'.join(lines[s:e+1])
    block = re.sub(r'^const ' + n, 'export const ' + n, block, flags=re.M)
    data_lines.append(block + '\n')
keep = []
skip = set()
for s, e, _ in stmts:
    skip.update(range(s, e+1))
for k, l in enumerate(lines):
    if k in skip:
        continue
    keep.append(l)
out = '\n'.join(keep)
# insert import after the last import line
imp = f"import {{ {', '.join(sorted(names))} }} from './{base}-data.js';"
idx = max(k for k, l in enumerate(keep) if l.startswith('import '))
keep.insert(idx + 1, imp)
out = re.sub(r'\n{3,}', '\n\n', '\n'.join(keep))
open(path, 'w').write(out)
open(path.replace('.ts', '-data.ts'), 'w').write('\n'.join(data_lines))
print(base, len(names), 'moved')

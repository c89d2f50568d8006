import zlib from 'node:zlib';

/**
 * The text a pdfkit PDF shows, without poppler (CI does not install it): every content stream
 * inflated, each text-showing operator (Tj, TJ) decoded through its font's ToUnicode map.
 * Enough for the PDFs this server writes (pdfkit; Identity-H fonts, so two-byte glyph codes;
 * svg-to-pdfkit draws its chart labels the same way). Returns one line per operator.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*/g)) {
    const from = m.index + m[0].length;
    if (!raw.startsWith('<<', from)) continue;
    const end = dictEnd(raw, from);
    const dict = raw.slice(from, end);
    const s = /^\s*stream\r?\n/.exec(raw.slice(end, end + 10));
    if (!s) {
      objects.set(Number(m[1]), { dict, stream: null });
      continue;
    }
    const start = end + s[0].length;
    const length = /\/Length (\d+)(?! \d+ R)/.exec(dict);
    let data = Buffer.from(
      raw.slice(start, length ? start + Number(length[1]) : raw.indexOf('endstream', start)),
      'latin1',
    );
    if (/\/FlateDecode/.test(dict)) data = zlib.inflateSync(data);
    objects.set(Number(m[1]), { dict, stream: data });
  }

  /** Font resource name (/F1) -> code -> text, from each font's ToUnicode CMap. */
  const fontObjects = new Map<string, number>();
  for (const { dict } of objects.values())
    for (const f of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontObjects.set(f[1]!, Number(f[2]));
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  const cmaps = new Map<string, Map<number, string>>();
  for (const [name, id] of fontObjects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(objects.get(id)?.dict ?? '');
    const cmap = ref ? objects.get(Number(ref[1]))?.stream?.toString('latin1') : undefined;
    if (!cmap) continue;
    const map = new Map<number, string>();
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const p of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
        map.set(parseInt(p[1]!, 16), utf16(p[2]!));
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const r of block[1]!.matchAll(
        /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
      )) {
        const lo = parseInt(r[1]!, 16);
        const hi = parseInt(r[2]!, 16);
        const dst = r[3]!;
        if (dst.startsWith('[')) {
          [...dst.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((d, i) => map.set(lo + i, utf16(d[1]!)));
        } else {
          const first = parseInt(dst.slice(1, -1), 16);
          for (let c = lo; c <= hi; c++) map.set(c, String.fromCharCode(first + c - lo));
        }
      }
    cmaps.set(name, map);
  }

  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || /\/Subtype\s*\/(Image|Type0|TrueType|CIDFontType2)|\/Length1/.test(dict)) continue;
    const content = stream.toString('latin1');
    if (!/\b(Tj|TJ)\b/.test(content)) continue;
    let font: Map<number, string> | undefined;
    const decode = (hex: string) => {
      if (!font) return Buffer.from(hex, 'hex').toString('latin1');
      let out = '';
      for (let i = 0; i + 4 <= hex.length; i += 4) out += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      return out;
    };
    for (const op of content.matchAll(
      /\/(F\d+)\s+[\d.]+\s+Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      if (op[1]) font = cmaps.get(op[1]);
      else if (op[2] !== undefined)
        lines.push([...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1]!)).join(''));
      else if (op[3] !== undefined) lines.push(decode(op[3]));
    }
  }
  return lines.join('\n');
}

/** Where the dictionary opening at `from` (`<<`) closes, past hex and literal strings. */
function dictEnd(raw: string, from: number): number {
  let depth = 0;
  for (let i = from; i < raw.length; i++) {
    if (raw.startsWith('<<', i)) {
      depth++;
      i++;
    } else if (raw.startsWith('>>', i)) {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    } else if (raw[i] === '<') {
      i = raw.indexOf('>', i);
    } else if (raw[i] === '(') {
      for (let nest = 0; i < raw.length; i++) {
        if (raw[i] === '\\') i++;
        else if (raw[i] === '(') nest++;
        else if (raw[i] === ')' && --nest === 0) break;
      }
    }
  }
  return raw.length;
}

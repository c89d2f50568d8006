// How apps/server/assets/fonts/NotoSansSC-Regular-GB2312.ttf was made (run by hand, not by the build):
// Noto Sans SC Regular (SIL OFL 1.1, from @expo-google-fonts/noto-sans-sc) cut down to GB2312
// (7,700 characters, 2.4 MB) with the `subset-font` package, so report PDFs can print Chinese
// on any machine without a 57 MB font package. Needs: npm i subset-font, and the source TTF.
import fs from 'node:fs';
import subsetFont from 'subset-font';
const dec = new TextDecoder('gb18030');
let chars = '';
// GB2312: symbols (rows A1-A9) and hanzi levels 1 and 2 (rows B0-F7).
for (let hi = 0xa1; hi <= 0xf7; hi++) {
  if (hi > 0xa9 && hi < 0xb0) continue;
  for (let lo = 0xa1; lo <= 0xfe; lo++) {
    const s = dec.decode(new Uint8Array([hi, lo]));
    if (s && s !== '\ufffd') chars += s;
  }
}
for (let c = 0x20; c < 0x7f; c++) chars += String.fromCharCode(c);
chars += '·—‘’“”…、。〈〉《》「」『』【】〔〕！（），．：；？～￥％＋－×÷≥≤≠°℃№';
console.log('chars', [...new Set(chars)].length);
const ttf = fs.readFileSync(process.argv[2] ?? 'NotoSansSC_400Regular.ttf');
const out = await subsetFont(ttf, chars, { targetFormat: 'truetype' });
fs.writeFileSync(process.argv[3] ?? 'NotoSansSC-Regular-GB2312.ttf', out);
console.log('bytes', out.length);

import { inflateSync } from 'node:zlib';

/**
 * The text lines of a pdfkit document with its standard fonts, for assertions: every content
 * stream is inflated (pdfkit compresses with FlateDecode), each `[<hex> kerning <hex>] TJ` or
 * `<hex> Tj` becomes one line, hex decoded as WinAnsi (Latin-1 plus € at 0x80 and — at 0x97).
 * Also answers the link annotations' URIs.
 */
export function pdfText(pdf: Buffer): { lines: string[]; text: string; links: string[] } {
  const raw = pdf.toString('latin1');
  const contents: string[] = [raw];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    try {
      contents.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not deflated (uncompressed documents, already in `raw`) or not content.
    }
  }
  const WIN_ANSI: Record<string, string> = { '80': '€', '97': '—' };
  const decode = (hex: string) => (hex.match(/../g) ?? []).map((pair) => WIN_ANSI[pair.toLowerCase()] ?? String.fromCharCode(parseInt(pair, 16))).join('');
  const lines: string[] = [];
  for (const content of contents) {
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const parts = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => decode(part[1]!)) : [decode(op[2]!)];
      lines.push(parts.join(''));
    }
  }
  const links = [...raw.matchAll(/\/URI\s*\(([^)]*)\)/g)].map((match) => match[1]!);
  return { lines, text: lines.join('\n'), links };
}

// A card's title as text for resvg to draw, rather than glyph outlines. satori lays the title out
// (its line breaks and positions are what they were) but with `embedFont: false` writes a <text>
// per word instead of each glyph's outline as path data, which was ~40 % of its time (turning
// every coordinate into a string), and resvg then parses a few hundred bytes instead of ~60 KB.
// resvg shapes and draws the glyphs from the same font files (docs/performance.md, "Cards,
// fourth pass"), or, for a plain title, card-glyphs.ts shapes each joined line with HarfBuzz and
// draws it from glyph masks ("Cards, fifth pass").
//
// satori writes one <text> per word and space, each at its own x; drawn so, a pair kerned across
// a word's edge ("r:" in "Leather:", ~2 px at 68 px) would lose its kerning. With glyph paths,
// satori shapes each line as one run. So the words of a line are joined into one <text> at the
// line's start, and resvg shapes the whole line, kerning included.

/** A <text> as satori writes it (width and height are its own; resvg ignores them). */
const TEXT = /<text x="([-+\d.e]+)" y="([-+\d.e]+)" width="([-+\d.e]+)" height="[-+\d.e]+"([^>]*)>([^<]*)<\/text>/g;
const FACE = / font-weight="(\d+)" font-style="(\w+)" font-size="[-+\d.e]+" font-family="([^"]*)"/;

export interface TextLayer {
  svg: string;
  /** The one font face its text is in (satori's family name, lowercased), or undefined if its text uses several or none. */
  face?: { family: string; weight: number; style: string };
}

/**
 * Joins the <text> elements satori wrote one after another on the same line (the same y and
 * attributes, each starting where the one before ends) into one.
 */
export function joinLines(svg: string): TextLayer {
  let out = '';
  let last = 0;
  let line: { x: string; y: string; end: number; attributes: string; text: string } | undefined;
  const faces = new Set<string>();
  const close = () => {
    if (line) out += `<text x="${line.x}" y="${line.y}"${line.attributes}>${line.text}</text>`;
    line = undefined;
  };
  for (const match of svg.matchAll(TEXT)) {
    const [element, x, y, width, attributes, text] = match;
    const start = Number(x);
    if (line && match.index === last && line.y === y && line.attributes === attributes && Math.abs(line.end - start) < 0.001) {
      line.text += text;
      line.end = start + Number(width);
    } else {
      close();
      out += svg.slice(last, match.index);
      line = { x, y, end: start + Number(width), attributes, text };
      faces.add(FACE.exec(attributes)?.slice(1).join(' ') ?? '?');
    }
    last = match.index + element.length;
  }
  close();
  out += svg.slice(last);
  const only = faces.size === 1 ? FACE.exec(out) : undefined;
  return { svg: out, face: only ? { weight: Number(only[1]), style: only[2], family: only[3] } : undefined };
}

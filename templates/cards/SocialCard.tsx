// The social card of a page (og:image, 1200×630), laid out by satori (JSX → SVG) and drawn by
// resvg (SVG → PNG), one card per page. The engine crops the cover photo to PHOTO_BOX and passes it
// as a data URL.
//
// satori knows a subset of CSS: flexbox only (an element with more than one child says
// display: flex), no CSS variables, so the brand tokens are written out here. This folder is
// bundled on its own and its code is part of every card's cache key: keep it self-contained
// (import nothing from the rest of templates/).
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The photo's column on the right of the card, and the oxblood seam on its left. */
const PHOTO_COLUMN = 480;
const SEAM = 6;
/** The cover photo's box: the engine crops the photo to fill it. */
export const PHOTO_BOX = { left: CARD_WIDTH - PHOTO_COLUMN + SEAM, top: 0, width: PHOTO_COLUMN - SEAM, height: CARD_HEIGHT };

/** The width of the text column: the whole card, or the part left of the photo. */
function textWidth(hasPhoto: boolean): number {
  return hasPhoto ? CARD_WIDTH - PHOTO_COLUMN : CARD_WIDTH;
}

// templates/styles/tokens.css
const espresso = '#23160f';
const espresso2 = '#35221a';
const cream = '#f6efe4';
const creamMuted = '#d9c7b0';
const brass = '#c8a15a';
const oxblood = '#8c3a26';
/** brass at 55 % over espresso. The frame has square corners: in resvg a group's opacity, or a dashed border with rounded corners, costs more than the rest of the card. */
const brassOnEspresso = '#7e6238';
/** The brand row at the bottom and the room the title leaves for it. */
const PAD_X = 72;
const BRAND_BOTTOM = 60;
const BRAND_ROOM = 168;

/**
 * The fonts the card uses: family and weight → a static .woff of an installed package (satori
 * reads woff and ttf, not woff2 or variable fonts). The engine reads them once.
 */
export const cardFonts = [
  { name: 'Fraunces', weight: 600, style: 'normal', file: '@fontsource/fraunces/files/fraunces-latin-600-normal.woff' },
  { name: 'DM Sans', weight: 500, style: 'normal', file: '@fontsource/dm-sans/files/dm-sans-latin-500-normal.woff' },
  { name: 'DM Sans', weight: 700, style: 'normal', file: '@fontsource/dm-sans/files/dm-sans-latin-700-normal.woff' },
] as const;

/**
 * Fonts for the characters the card's fonts lack (Cyrillic, Greek, CJK…), in order of preference:
 * the engine loads, for each such character, the first subset of these packages whose unicode
 * range (the package's unicode.json) holds it. Emoji are drawn from `emojiImages`.
 */
export const fallbackFonts = [
  { name: 'Noto Sans', package: '@fontsource/noto-sans', weight: 600 },
  { name: 'Noto Sans SC', package: '@fontsource/noto-sans-sc', weight: 600 },
] as const;

/** A package of one SVG per emoji, named by its code points in hex (Twemoji's convention). */
export const emojiImages = '@twemoji/svg';

export interface SocialCardProps {
  /** The page's title (its headline). */
  title: string;
  /** What kind of page: "Blog", a service category, "Detailing", "Locations". */
  category: string;
  /** The business name. */
  siteName: string;
  /** The site's host, shown small ("www.example.com"). */
  host: string;
  /** The logo as a data URL (none when it cannot be read). */
  logo?: string;
  /** The cover photo, cropped to PHOTO_BOX, as a data URL (none: the text takes the whole card). */
  photo?: string;
}

/** Characters wider than a Latin letter: CJK, Hangul, fullwidth forms and emoji count twice. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u;

/**
 * The largest title size at which the title fits in its lines (estimated from its length; a
 * word longer than a line breaks, so a title never leaves the card).
 */
function titleSize(title: string, width: number): number {
  const length = [...title].reduce((n, ch) => n + (WIDE.test(ch) ? 2 : 1), 0);
  for (const size of [68, 60, 52, 46]) {
    // Fraunces averages about half an em per character; keep a line's slack.
    const perLine = Math.floor(width / (size * 0.52));
    if (Math.ceil(length / perLine) <= (size >= 60 ? 3 : 4)) return size;
  }
  return 40;
}

/**
 * A category too long for its line, cut at a word with an ellipsis. By length rather than with
 * CSS overflow: satori draws an overflowing box through an SVG mask, which costs a third of a card.
 */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,&-]+$/, '')}…`;
}

export function SocialCard({ title, category, siteName, host, logo, photo }: SocialCardProps) {
  const hasPhoto = photo !== undefined;
  const width = textWidth(hasPhoto);
  const inner = width - 2 * PAD_X;
  const inset = 22;
  // Fixed boxes rather than flex growth: the title is centred between the category and the
  // brand row, and never runs into either.
  const top = 118;
  return (
    <div style={{ width: CARD_WIDTH, height: CARD_HEIGHT, display: 'flex', background: espresso, fontFamily: 'DM Sans', position: 'relative' }}>
      <div style={{
        position: 'absolute', top: inset, left: inset, bottom: inset, right: hasPhoto ? PHOTO_COLUMN + inset : inset,
        border: `2px dashed ${brassOnEspresso}`, display: 'flex',
      }} />
      <div style={{ position: 'absolute', left: PAD_X, top: 60, width: inner, display: 'flex', alignItems: 'center', color: brass, fontSize: 26, fontWeight: 700, letterSpacing: 3, textTransform: 'uppercase' }}>
        <div style={{ width: 44, height: 4, background: oxblood, marginRight: 18, borderRadius: 2 }} />
        <div style={{ display: 'block', whiteSpace: 'nowrap' }}>{shorten(category, hasPhoto ? 30 : 56)}</div>
      </div>
      <div style={{ position: 'absolute', left: PAD_X, top, width: inner, height: CARD_HEIGHT - top - BRAND_ROOM, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
        <div style={{ display: 'block', color: cream, fontFamily: 'Fraunces', fontWeight: 600, fontSize: titleSize(title, inner), lineHeight: 1.14, lineClamp: 4, wordBreak: 'break-word' }}>
          {title}
        </div>
      </div>
      <div style={{ position: 'absolute', left: PAD_X, bottom: BRAND_BOTTOM, display: 'flex', alignItems: 'center' }}>
        {logo ? <img src={logo} width={76} height={76} style={{ borderRadius: 16, marginRight: 22 }} /> : null}
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ color: cream, fontSize: 30, fontWeight: 700 }}>{siteName}</div>
          <div style={{ color: creamMuted, fontSize: 22, fontWeight: 500, marginTop: 4 }}>{host}</div>
        </div>
      </div>
      {hasPhoto ? (
        <div style={{ position: 'absolute', right: 0, top: 0, width: PHOTO_COLUMN, height: CARD_HEIGHT, display: 'flex', background: espresso2, borderLeft: `${SEAM}px solid ${oxblood}` }}>
          <img src={photo} width={PHOTO_BOX.width} height={PHOTO_BOX.height} />
        </div>
      ) : null}
    </div>
  );
}

// The social card of a page (og:image, 1200×630), rendered at build by satori (JSX → SVG) and
// sharp (SVG → PNG). It is drawn in layers: CardBackdrop (everything a page does not change:
// background, stitched frame, logo, business name, the photo's column) is rendered once per
// build; the engine puts the cover photo, cropped, into PHOTO_BOX; CardCategory (the page's
// category, on a transparent ground) is rendered once per category, and CardTitle (the page's
// title) per card, over them. A card then costs the price of its title, not of its logo, photo
// and category (docs/performance.md).
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
/** Where the engine puts the cover photo, cropped to fill it. */
export const PHOTO_BOX = { left: CARD_WIDTH - PHOTO_COLUMN + SEAM, top: 0, width: PHOTO_COLUMN - SEAM, height: CARD_HEIGHT };

/** The width of the text layer: the whole card, or the part left of the photo. */
export function textWidth(hasPhoto: boolean): number {
  return hasPhoto ? CARD_WIDTH - PHOTO_COLUMN : CARD_WIDTH;
}

// templates/styles/tokens.css
const espresso = '#23160f';
const espresso2 = '#35221a';
const cream = '#f6efe4';
const creamMuted = '#d9c7b0';
const brass = '#c8a15a';
const oxblood = '#8c3a26';
/** The brand row at the bottom (backdrop) and the room the text layer leaves for it. */
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

export interface CardBackdropProps {
  /** The business name. */
  siteName: string;
  /** The site's host, shown small ("www.example.com"). */
  host: string;
  /** The logo as a data URL (none when it cannot be read). */
  logo?: string;
  /** Whether the card shows a cover photo (the engine puts it in PHOTO_BOX). */
  hasPhoto: boolean;
}

export function CardBackdrop({ siteName, host, logo, hasPhoto }: CardBackdropProps) {
  const inset = 22;
  return (
    <div style={{ width: CARD_WIDTH, height: CARD_HEIGHT, display: 'flex', background: espresso, fontFamily: 'DM Sans', position: 'relative' }}>
      <div style={{
        position: 'absolute', top: inset, left: inset, bottom: inset, right: hasPhoto ? PHOTO_COLUMN + inset : inset,
        border: `2px dashed ${brass}`, borderRadius: 18, opacity: 0.55, display: 'flex',
      }} />
      <div style={{ position: 'absolute', left: PAD_X, bottom: BRAND_BOTTOM, display: 'flex', alignItems: 'center' }}>
        {logo ? <img src={logo} width={76} height={76} style={{ borderRadius: 16, marginRight: 22 }} /> : null}
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ color: cream, fontSize: 30, fontWeight: 700 }}>{siteName}</div>
          <div style={{ color: creamMuted, fontSize: 22, fontWeight: 500, marginTop: 4 }}>{host}</div>
        </div>
      </div>
      {hasPhoto ? (
        <div style={{ position: 'absolute', right: 0, top: 0, width: PHOTO_COLUMN, height: CARD_HEIGHT, display: 'flex', background: espresso2, borderLeft: `${SEAM}px solid ${oxblood}` }} />
      ) : null}
    </div>
  );
}

export interface CardCategoryProps {
  /** What kind of page: "Blog", a service category, "Detailing", "Locations". */
  category: string;
  /** Whether the backdrop has a photo (the text then keeps to the left column). */
  hasPhoto: boolean;
}

export interface CardTitleProps {
  /** The page's title (its headline). */
  title: string;
  /** Whether the backdrop has a photo (the text then keeps to the left column). */
  hasPhoto: boolean;
}

/** The largest title size at which the title fits in four lines (estimated from its length). */
function titleSize(title: string, width: number): number {
  for (const size of [68, 60, 52, 46]) {
    // Fraunces averages about half an em per character; keep a line's slack.
    const perLine = Math.floor(width / (size * 0.52));
    if (Math.ceil(title.length / perLine) <= (size >= 60 ? 3 : 4)) return size;
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

/** The category's row at the top: the same on many cards, so the engine draws it once per category. */
export function CardCategory({ category, hasPhoto }: CardCategoryProps) {
  const width = textWidth(hasPhoto);
  return (
    <div style={{ width, height: CARD_HEIGHT, display: 'flex', position: 'relative', fontFamily: 'DM Sans' }}>
      <div style={{ position: 'absolute', left: PAD_X, top: 60, width: width - 2 * PAD_X, display: 'flex', alignItems: 'center', color: brass, fontSize: 26, fontWeight: 700, letterSpacing: 3, textTransform: 'uppercase' }}>
        <div style={{ width: 44, height: 4, background: oxblood, marginRight: 18, borderRadius: 2 }} />
        <div style={{ display: 'block', whiteSpace: 'nowrap' }}>{shorten(category, hasPhoto ? 30 : 56)}</div>
      </div>
    </div>
  );
}

/** The title, below the category's row: each card's own. */
export function CardTitle({ title, hasPhoto }: CardTitleProps) {
  const width = textWidth(hasPhoto);
  const inner = width - 2 * PAD_X;
  const size = titleSize(title, inner);
  // Fixed boxes rather than flex growth: the title is centred between the category and the
  // backdrop's brand row, and never runs into either.
  const top = 118;
  return (
    <div style={{ width, height: CARD_HEIGHT, display: 'flex', position: 'relative', fontFamily: 'DM Sans' }}>
      <div style={{ position: 'absolute', left: PAD_X, top, width: inner, height: CARD_HEIGHT - top - BRAND_ROOM, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}>
        <div style={{ display: 'block', color: cream, fontFamily: 'Fraunces', fontWeight: 600, fontSize: size, lineHeight: 1.14, lineClamp: 4 }}>
          {title}
        </div>
      </div>
    </div>
  );
}

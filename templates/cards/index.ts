// The social card template the engine renders for og:image (src/cards). Bundled on its own,
// apart from the page templates: its code hash is part of each card's cache key.
export { CARD_HEIGHT, CARD_WIDTH, cardFonts, emojiImages, fallbackFonts, PHOTO_BOX, SocialCard } from './SocialCard.tsx';
export type { SocialCardProps } from './SocialCard.tsx';

// Stub: the Widgets work replaces this (see templates/ISLANDS.md).
export const headScript = '';

// Props go into the page as JSON inside <script type="application/json">. Escaping <, > and &
// (and the JS line separators) means no string can close the script element or open a comment.
export function serializeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

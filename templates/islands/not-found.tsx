// Stub: the Widgets work replaces this with the real island (see templates/ISLANDS.md).
export default function Island(_props: Record<string, unknown>) {
  return <div className="island-stub" data-stub="not-found" />;
}

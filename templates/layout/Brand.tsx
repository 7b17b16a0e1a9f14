// The wordmark: a stitched badge and the business name.
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="38" height="38" rx="10" fill="#8c3a26" />
      <rect x="5" y="5" width="30" height="30" rx="7" fill="none" stroke="#c8a15a" strokeWidth="1.4" strokeDasharray="3 2.2" />
      <text x="20" y="27.5" textAnchor="middle" fontFamily="Fraunces Variable, Georgia, serif" fontSize="20" fontWeight="700" fill="#f6efe4">S</text>
    </svg>
  );
}

export function Brand({ name, className = 'brand' }: { name: string; className?: string }) {
  const [first, ...rest] = name.split(' ');
  return (
    // Named by its own text, not an aria-label: the mark's SVG "S" would count as visible text
    // missing from the label (axe's label-content-name-mismatch).
    <a href="/" className={className}>
      <BrandMark />
      <span className="brand-text">
        <span className="brand-name">{first}</span>{' '}
        <span className="brand-sub">{rest.join(' ')}</span>
      </span>
      <span className="visually-hidden">, home</span>
    </a>
  );
}

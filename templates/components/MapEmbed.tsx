// An OpenStreetMap embed (lazy iframe with a title) and the external directions link.
export interface Geo {
  lat: number;
  lng: number;
}

/** The map provider, the one origin the pages show in a frame (the Content-Security-Policy allows it). */
export const MAP_ORIGIN = 'https://www.openstreetmap.org';

export function mapEmbedUrl({ lat, lng }: Geo, span = 0.03): string {
  const f = (n: number) => n.toFixed(4);
  const bbox = [f(lng - span * 1.4), f(lat - span), f(lng + span * 1.4), f(lat + span)].join('%2C');
  return `${MAP_ORIGIN}/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${f(lat)}%2C${f(lng)}`;
}

/** Driving directions to an address (opens the visitor's maps provider in a new tab). */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

export function MapEmbed({ geo, title, span, className }: { geo: Geo; title: string; span?: number; className?: string }) {
  return (
    <div className={className ? `map-embed ${className}` : 'map-embed'}>
      <iframe src={mapEmbedUrl(geo, span)} title={title} width="800" height="600" loading="lazy" referrerPolicy="no-referrer-when-downgrade" />
    </div>
  );
}

/** Turns SVG markup into a data URL, so seed pictures are bundled and never fetched (issue #3). */
export function svgDataUrl(markup: string): string {
  return `data:image/svg+xml,${encodeURIComponent(markup)}`;
}

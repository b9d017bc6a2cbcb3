export type Position = [number, number];
export type Ring = Position[];
/** Outer ring first, then holes, as in GeoJSON. */
export type PolygonRings = Ring[];

/** Twice the signed area of a ring (shoelace); only the size matters here. */
export function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  return Math.abs(sum) / 2;
}

function segmentDistanceSq(px: number, py: number, a: Position, b: Position): number {
  let [x, y] = a;
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((px - x) * dx + (py - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      [x, y] = b;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = px - x;
  dy = py - y;
  return dx * dx + dy * dy;
}

/** Distance from a point to the polygon's outline: positive inside, negative outside. */
function signedDistance(x: number, y: number, polygon: PolygonRings): number {
  let inside = false;
  let minSq = Infinity;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i];
      const b = ring[j];
      if (a[1] > y !== b[1] > y && x < ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
      minSq = Math.min(minSq, segmentDistanceSq(x, y, a, b));
    }
  }
  return (inside ? 1 : -1) * Math.sqrt(minSq);
}

interface Cell {
  x: number;
  y: number;
  h: number;
  d: number;
  max: number;
}

/** A binary max-heap on `max`: the most promising cell comes out first. */
class CellQueue {
  private items: Cell[] = [];

  push(item: Cell): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent].max >= item.max) break;
      items[i] = items[parent];
      i = parent;
    }
    items[i] = item;
  }

  pop(): Cell | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (!items.length || !last) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && items[right].max > items[left].max ? right : left;
      if (items[child].max <= last.max) break;
      items[i] = items[child];
      i = child;
    }
    items[i] = last;
    return top;
  }
}

function cell(x: number, y: number, h: number, polygon: PolygonRings): Cell {
  const d = signedDistance(x, y, polygon);
  return { x, y, h, d, max: d + h * Math.SQRT2 };
}

/**
 * The pole of inaccessibility (the "polylabel" algorithm): the inside point farthest from the
 * edges, where a label sits best. A centroid can fall outside concave shapes such as Croatia
 * or Florida; this cannot. Precision is relative to the shape so tiny islands stay cheap.
 */
export function poleOfInaccessibility(polygon: PolygonRings, relativePrecision = 0.01): Position {
  const outer = polygon[0];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of outer) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const width = maxX - minX;
  const height = maxY - minY;
  const size = Math.min(width, height);
  if (size === 0) return [minX, minY];
  const precision = Math.max(width, height) * relativePrecision;

  const queue = new CellQueue();
  const h = size / 2;
  for (let x = minX; x < maxX; x += size) {
    for (let y = minY; y < maxY; y += size) queue.push(cell(x + h, y + h, h, polygon));
  }
  let best = cell(minX + width / 2, minY + height / 2, 0, polygon);

  for (let current = queue.pop(); current; current = queue.pop()) {
    if (current.d > best.d) best = current;
    if (current.max - best.d <= precision) continue;
    const half = current.h / 2;
    queue.push(cell(current.x - half, current.y - half, half, polygon));
    queue.push(cell(current.x + half, current.y - half, half, polygon));
    queue.push(cell(current.x - half, current.y + half, half, polygon));
    queue.push(cell(current.x + half, current.y + half, half, polygon));
  }
  return [best.x, best.y];
}

const MAX_RING_POINTS = 400;

/** Keeps every n-th vertex of long rings: a label does not need coastline detail, and it is 5× faster. */
function thin(ring: Ring): Ring {
  if (ring.length <= MAX_RING_POINTS) return ring;
  const step = Math.ceil(ring.length / MAX_RING_POINTS);
  const kept = ring.filter((_, i) => i % step === 0);
  kept.push(ring[ring.length - 1]);
  return kept;
}

/** Where to label a (multi)polygon: inside its largest part, with that part's size for ranking. */
export function labelAnchor(polygons: PolygonRings[]): { position: Position; area: number } | null {
  let largest: PolygonRings | null = null;
  let largestArea = 0;
  for (const polygon of polygons) {
    if (!polygon.length || polygon[0].length < 4) continue;
    const area = ringArea(polygon[0]);
    if (area > largestArea) {
      largest = polygon;
      largestArea = area;
    }
  }
  if (!largest) return null;
  return { position: poleOfInaccessibility(largest.map(thin)), area: largestArea };
}

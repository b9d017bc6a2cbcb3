import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { whereOf, type SearchFilter } from './search-repository.js';

/** One grid cell of a tile: its events' mean position, their count and extent (tile units, inclusive); the id when alone; how many are live. */
export interface TileCell {
  px: number;
  py: number;
  count: number;
  id: string | null;
  /** Events of the cell whose buzz runs now (status Started). */
  live: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Web mercator stops here; events nearer the poles land in the top or bottom row of tiles. */
const MERCATOR_MAX_LAT = 85.0511287798066;

/** Latitude of the boundary between mercator rows `row - 1` and `row` when the world has `rows` rows. */
const latOfRow = (row: number, rows: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / rows))) * 180) / Math.PI;
/** Mercator y of a latitude, 0 (north) to 1 (south). */
function mercatorY(lat: number): number {
  const s = Math.sin((Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}

/**
 * The tenant's data version: a counter the database moves on every write to its events or their
 * tags (migration 0006), so a tile computed at one version is still the tile while it holds.
 * 0 before the first write.
 */
export async function eventsVersion(db: Db, tenantId: string): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(db, sql`select version from event_versions where tenant_id = ${tenantId}`);
  return row ? Number(row.version) : 0;
}

type CellRow = [cx: number, cy: number, n: number, sumLng: number, sumLat: number, minLng: number, maxLng: number, minLat: number, maxLat: number, id: string | null, live: number];

/**
 * The events of a tile matching the search filter (whose box is the tile's, widened a hair),
 * aggregated by a grid of `grid`×`grid` cells, in one statement, with the tenant's data version
 * as that statement saw it (so a cache keyed by it never pairs a version with older rows).
 * Positions and extents are in tile units (0 to extent-1).
 *
 * What places an event is its projected position: the cell's column is exact arithmetic on the
 * longitude (every scale is a power of two), its row the mercator row boundaries as latitudes,
 * computed here once per tile, so SQL does no trigonometry per event (a quarter of a big tile's
 * time on both engines). Rows include their north boundary, as floor(mercator y) would; a
 * boundary of a cell at zoom z is the very same number as the tile boundary at z + log2(grid), so each
 * event is in exactly one cell of one tile at every zoom. Cells then get their position and
 * extent from their events' mean, minimum and maximum coordinates, projected here (the
 * projection is monotonic, so the extent's projection is the projection's extent).
 */
export async function eventTile(
  db: Db,
  f: SearchFilter,
  t: { z: number; x: number; y: number; extent: number; grid: number },
): Promise<{ version: number; cells: TileCell[] }> {
  const n = 2 ** t.z;
  const columns = n * t.grid; // cell columns (and rows) of the world at this zoom
  const world = n * t.extent; // the world's width in tile units
  // Row boundaries as negated latitudes, ascending: width_bucket then counts a row's north
  // boundary in the row. Beyond the mercator limit the top and bottom rows reach the poles.
  const bounds = Array.from({ length: t.grid + 1 }, (_, j) => -latOfRow(t.y * t.grid + j, columns));
  if (t.y === 0) bounds[0] = -1000;
  if (t.y === n - 1) bounds[t.grid] = 1000;
  const boundsSql = sql`array[${sql.join(
    bounds.map((b) => sql`${b}`),
    sql`, `,
  )}]::float8[]`;
  // Only columns of the window index are read, so for a large tile it is an index-only scan:
  // fetching every event's id from the table made a zoom-3 tile 6 times slower at 1M events
  // (33,000 random heap reads on PostgreSQL). The id is needed for cells of one event only, found
  // afterwards from the event's exact position through the GiST index on location (the OFFSET 0
  // keeps that lookup on GiST: otherwise the planner may scan the whole date window of the btree
  // once per cell), the filter checked again there. Any other event at that very point would
  // share the cell, so it finds exactly one.
  // No filter on the cell: the box's few events just outside the tile make cells -1 or `grid`,
  // dropped below. (A filter there would be pushed under the grouping, where its guessed
  // selectivity makes the planner sort every row instead of hashing.)
  // Disjoint predicates whose rows together are the filter's, each read from its own index range.
  // One today; the search's split of its look-behind (search-repository partsOf, not exported)
  // would let a tile read one day of past starts from the window index instead of a month.
  const parts: SQL[] = [whereOf(f)];
  const rows = sql.join(
    // status is an INCLUDE column of the window index: counting the live ones keeps the scan index-only.
    parts.map((where) => sql`select e.lng, e.lat, e.status from events e where ${where}`),
    sql` union all `,
  );
  const statement = sql`
    select (select v.version from event_versions v where v.tenant_id = ${f.tenantId}) as version,
      (select json_agg(json_build_array(c.cx, c.cy, c.n, c.slng, c.slat, c.lng0, c.lng1, c.lat0, c.lat1,
        case when c.n = 1 and c.cx between 0 and ${t.grid - 1} and c.cy between 0 and ${t.grid - 1} then (
          select e.id from (
            select * from events o where o.location <@ box(point(c.lng0, c.lat0), point(c.lng0, c.lat0)) offset 0
          ) e where ${whereOf(f)} and e.lng = c.lng0 and e.lat = c.lat0 limit 1)
        end, c.live)) from (
        select least(floor((p.lng + 180) / 360 * ${columns}::float8), ${columns - 1}::float8)::int - ${t.x * t.grid} as cx,
          width_bucket(-p.lat, ${boundsSql}) - 1 as cy,
          count(*)::int as n, sum(p.lng) as slng, sum(p.lat) as slat,
          min(p.lng) as lng0, max(p.lng) as lng1, min(p.lat) as lat0, max(p.lat) as lat1,
          count(*) filter (where p.status = 1)::int as live
        from (${rows}) p
        group by 1, 2) c) as cells`;
  // The planner prices the per-cell id lookup as if every event were its own cell, so its estimate
  // crosses the JIT thresholds and PostgreSQL compiled each big tile for 1 to 3 s (measured at 1M
  // events) to run it in tens of ms. JIT is off for this statement alone; PGlite has none.
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const [first] = await queryRows<{ version: string | number | null; cells: CellRow[] | null }>(tx as unknown as Db, statement);
    return first;
  });

  const cellSize = t.extent / t.grid;
  // Tile units of a position, kept inside its cell (the float projection may land a hair across a boundary).
  const ux = (lng: number, cx: number) => {
    const u = Math.min(Math.floor(((lng + 180) / 360) * world), world - 1) - t.x * t.extent;
    return Math.max(cx * cellSize, Math.min(cx * cellSize + cellSize - 1, u));
  };
  const uy = (lat: number, cy: number) => {
    const u = Math.min(Math.floor(mercatorY(lat) * world), world - 1) - t.y * t.extent;
    return Math.max(cy * cellSize, Math.min(cy * cellSize + cellSize - 1, u));
  };
  const cells = (row?.cells ?? [])
    .filter(([cx, cy]) => cx >= 0 && cx < t.grid && cy >= 0 && cy < t.grid)
    .map(([cx, cy, count, slng, slat, lng0, lng1, lat0, lat1, id, live]) => ({
      px: ux(slng / count, cx),
      py: uy(slat / count, cy),
      count,
      id,
      live,
      x0: ux(lng0, cx),
      x1: ux(lng1, cx),
      y0: uy(lat1, cy),
      y1: uy(lat0, cy),
    }));
  return { version: row?.version == null ? 0 : Number(row.version), cells };
}

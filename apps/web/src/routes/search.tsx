import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Button, Text, VisuallyHidden } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatNumber, publicEventPath, type EventSummary, type UsState } from '@hubbub/contract';
import { SaveSearchButton } from '@/features/calendars/components/save-search-button';
import { EventCard } from '@/components/event-card';
import { formatDay } from '@/features/events/event-dates';
import { getEvent } from '@/features/events/api/get-event';
import { useTagCategories } from '@/features/events/api/tags';
import { EventMap, type EventMapHandle } from '@/features/map/components/lazy-maps';
import { PlaceAutocomplete } from '@/features/map/components/place-autocomplete';
import { boxFromView, nearlySameBox, type Box, type MapView } from '@/features/map/map-view';
import { eventTileHeaders, eventTilesUrl } from '@/features/search/api/event-tiles';
import { useEventSearch } from '@/features/search/api/search-events';
import { useSearchPartners } from '@/features/search/api/search-partners';
import { PartnerChip } from '@/features/search/components/partner-chip';
import { PartnersButton } from '@/features/search/components/partners-button';
import { PartnersDrawer } from '@/features/search/components/partners-drawer';
import { ResultsPanel } from '@/features/search/components/results-panel';
import { SearchControls } from '@/features/search/components/search-controls';
import { SearchLayout } from '@/features/search/components/search-layout';
import { SpotEvents } from '@/features/search/components/spot-events';
import type { Position } from '@/features/search/geolocation';
import { defaultViewFor } from '@/features/search/search-state';
import { useSearchState } from '@/features/search/use-search-state';
import { personQueryOptions } from '@/features/users/api/get-person';
import { notifyProblem } from '@/lib/ui';
import { useSessionUser } from '@/lib/session/use-session';

/** Zoom for "go to this city" and "near me": the town and its surroundings. */
const PLACE_ZOOM = 10;
/** Zoom for "show this event": close enough to split its cluster. */
const EVENT_ZOOM = 13;

/** Two significant digits: an estimate shown to the unit would claim a precision it does not have. */
const roughly = (n: number) => {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
};

function summaryText(total: number | undefined, estimated: boolean, loading: boolean, failed: boolean): string {
  if (total === undefined) return failed ? 'Events could not be loaded' : loading ? 'Looking for events…' : 'Events in view';
  if (total === 0) return 'No events in view';
  if (estimated) return `About ${formatNumber(roughly(total))} events in view`;
  return `${formatNumber(total)} ${total === 1 ? 'event' : 'events'} in view`;
}

/** A visitor's pin opens the event's public page; the tile names only the event's id, so its address is read first. */
async function openPublicPage(id: string) {
  try {
    window.location.assign(publicEventPath((await getEvent(id)).slug));
  } catch (error) {
    notifyProblem(error, 'This event could not be opened');
  }
}

export default function SearchRoute() {
  useDocumentTitle('Search events · Hubbub');
  const navigate = useNavigate();
  const { state, filters, update, today, hasOwnView } = useSearchState();
  // The map is uncontrolled: it opens where the URL says, then reports where it went. Without a
  // view in the URL it frames the contiguous US in the map's own box, measured before the first paint.
  const [initialView, setInitialView] = useState<MapView | null>(() => (hasOwnView ? state.view : null));
  const mapBox = useRef<HTMLDivElement>(null);
  // The list asks for the events in view at once, from the box the map will show (computed), rather
  // than after the map library has loaded and drawn: it paints first.
  const [box, setBox] = useState<Box | null>(null);
  useLayoutEffect(() => {
    if (!mapBox.current) return;
    const { width, height } = mapBox.current.getBoundingClientRect();
    const view = initialView ?? defaultViewFor({ width, height });
    if (!initialView) setInitialView(view);
    if (width > 0 && height > 0) setBox((current) => current ?? boxFromView(view, width, height));
  }, [initialView]);
  // Where "near me" found the person: the map marks it.
  const [here, setHere] = useState<Position | null>(null);
  // A new key empties the city box: after "near me" the old city no longer says where the map is.
  const [placeKey, setPlaceKey] = useState(0);
  const [hovered, setHovered] = useState<EventSummary | null>(null);
  // The last city gone to: a saved search with no words is named after it.
  const [place, setPlace] = useState<string | null>(null);
  const mapHandle = useRef<EventMapHandle>(null);

  const categories = useTagCategories();
  const viewer = useSessionUser();
  const tiles = useMemo(() => eventTilesUrl(filters), [filters]);
  const [tilesFailed, setTilesFailed] = useState(false);
  const search = useEventSearch(filters, box);
  // The search the list shows: while a new one loads, the last one's events stay (see ResultsPanel's listKey).
  const searchKey = JSON.stringify([filters, box]);
  const [listKey, setListKey] = useState(searchKey);
  if (search.data && !search.isPlaceholderData && listKey !== searchKey) setListKey(searchKey);

  // Results follow the map once it settles; a pan within 300 ms of the last is the same search.
  const onViewChange = useDebouncedCallback((view: MapView, next: Box) => {
    setBox((current) => (current && nearlySameBox(current, next) ? current : next));
    update({ view });
  }, 300);

  // Each flight also asks the phone's list sheet to step aside, so the move can be seen.
  const [mapRequest, setMapRequest] = useState(0);
  const flyTo = useCallback((latitude: number, longitude: number, zoom: number) => {
    setMapRequest((n) => n + 1);
    mapHandle.current?.flyTo({ latitude, longitude, zoom });
  }, []);
  const frameState = (state: UsState) => {
    setPlace(state.name);
    setMapRequest((n) => n + 1);
    mapHandle.current?.fitBox(state.box);
  };

  const showOnMap = (event: EventSummary) => {
    setHovered(event);
    if (event.area) flyTo(event.area.latitude, event.area.longitude, Math.max(state.view.zoom, EVENT_ZOOM));
  };

  const events = useMemo(() => search.data?.pages.flatMap((page) => page.events), [search.data]);
  const total = search.data?.pages[0]?.totalCount;
  const highlight = useMemo(() => (hovered?.area ? { latitude: hovered.area.latitude, longitude: hovered.area.longitude } : null), [hovered]);
  const categoryOptions = useMemo(() => categories.data?.map((tag) => ({ value: tag.id, label: tag.name })), [categories.data]);
  const categoryName = useCallback((id: string) => categories.data?.find((tag) => tag.id === id)?.name, [categories.data]);
  // The list's own box and filters: the calendar carries what the person sees.
  // The partners drawer's choice is named from its answer (a partner) or the person's page (a host),
  // asked also while the drawer is shut, so a reloaded link says whose events it shows.
  const [partnersOpen, setPartnersOpen] = useState(false);
  const partners = useSearchPartners(filters, box, partnersOpen || state.partner !== null);
  const chosenHost = useQuery({ ...personQueryOptions(state.host ?? ''), enabled: state.host !== null });
  const chosenName = state.host
    ? (chosenHost.data?.name ?? null)
    : state.partner
      ? (partners.data?.partners.find((p) => p.key === state.partner)?.name ?? state.partner)
      : null;
  const searchToSave = useMemo(
    () =>
      box
        ? { searchText: filters.searchText || null, areaText: null, categoryId: filters.categoryId, userId: filters.userId ?? undefined, partner: filters.partner ?? undefined, box, place, choiceName: chosenName }
        : null,
    [box, filters.searchText, filters.categoryId, filters.userId, filters.partner, place, chosenName],
  );

  const map = (
    <div ref={mapBox} style={{ position: 'relative', height: '100%' }}>
      {initialView && (
        <EventMap
          initialView={initialView}
          tiles={tiles}
          tileHeaders={eventTileHeaders}
          // Signed-in people see their own drafts: another person's tiles are not theirs.
          tilesKey={viewer?.id ?? 'anonymous'}
          highlight={highlight}
          here={here}
          onViewChange={onViewChange}
          // Signed in: the full page. A visitor: the event's public page, readable without an account.
          onEventClick={(id) => (viewer ? void navigate(`/event/${id}`) : void openPublicPage(id))}
          onTilesFailed={setTilesFailed}
          renderSpot={(spot) => (
            <SpotEvents
              filters={filters}
              box={spot.box}
              count={spot.count}
              renderEvent={(event) => (
                <>
                  {viewer ? (
                    <Anchor component={Link} to={`/event/${event.id}`} size="sm" fw={500} lineClamp={2}>
                      {event.name}
                    </Anchor>
                  ) : (
                    <Anchor href={publicEventPath(event.slug)} size="sm" fw={500} lineClamp={2}>
                      {event.name}
                    </Anchor>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatDay(event.startDate, event.timeZone)}
                  </Text>
                </>
              )}
            />
          )}
          handleRef={mapHandle}
        />
      )}
      {(state.host || state.partner) && <PartnerChip name={chosenName ?? '…'} onClear={() => update({ host: null, partner: null })} />}
      {tilesFailed && (
        <Alert color="red" variant="filled" radius="md" py={6} role="alert" style={{ position: 'absolute', left: 50, right: 10, bottom: 30, maxWidth: 420 }}>
          Some of the map’s events could not be loaded.{' '}
          <Button size="compact-xs" variant="white" color="red" onClick={() => mapHandle.current?.reloadEvents()}>
            Try again
          </Button>
        </Alert>
      )}
    </div>
  );

  return (
    <>
      <VisuallyHidden>
        <h1>Search events</h1>
      </VisuallyHidden>
      <PartnersDrawer
        opened={partnersOpen}
        onClose={() => setPartnersOpen(false)}
        partners={partners}
        chosen={{ host: state.host, partner: state.partner }}
        chosenName={chosenName}
        onChoose={(choice) => update(choice)}
      />
      <SearchLayout
        summary={summaryText(total, search.data?.pages[0]?.totalCountIsEstimate === true, search.isPending || box === null, search.isError)}
        busy={search.isFetching && !search.isFetchingNextPage && search.data !== undefined}
        mapRequest={mapRequest}
        onListHidden={() => setHovered(null)}
        controls={
          <SearchControls
            state={state}
            today={today}
            onTextChange={(q) => update({ q })}
            onWindowChange={(window) => update({ window })}
            onCategoryChange={(cat) => update({ cat })}
            onLiveChange={(live) => update({ live })}
            onLocate={(position) => {
              setPlace(null);
              setPlaceKey((n) => n + 1);
              setHere(position);
              flyTo(position.latitude, position.longitude, PLACE_ZOOM);
            }}
            mapRequest={mapRequest}
            categories={categoryOptions}
            categoriesFailed={categories.isError}
            placeBox={
              <PlaceAutocomplete
                key={placeKey}
                aria-label="Place"
                placeholder="Go to a city or state"
                onPick={(city) => {
                  setPlace([city.name, city.state].filter(Boolean).join(', '));
                  flyTo(city.latitude, city.longitude, PLACE_ZOOM);
                }}
                onPickState={frameState}
              />
            }
            actions={
              <>
                <PartnersButton chosen={Boolean(state.host || state.partner)} onClick={() => setPartnersOpen(true)} />
                <SaveSearchButton search={searchToSave} categoryName={categoryName} />
              </>
            }
          />
        }
        map={map}
        list={
          <ResultsPanel
            events={events}
            totalCount={total}
            isPending={search.isPending || box === null}
            error={search.error}
            onRetry={() => void search.refetch()}
            hasMore={search.hasNextPage}
            loadingMore={search.isFetchingNextPage}
            onLoadMore={() => void search.fetchNextPage()}
            onHover={setHovered}
            onSelect={showOnMap}
            onClearFilters={
              state.q || state.cat || state.live || state.host || state.partner ? () => update({ q: '', cat: null, live: false, host: null, partner: null }) : undefined
            }
            listKey={listKey}
            liveOnly={state.live}
            renderEvent={(event) => {
              return (
                <EventCard
                  event={event}
                  visitor={!viewer}
                  style={hovered?.id === event.id ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
                  actions={
                    event.area && (
                      // The keyboard's way to what a click on the card does.
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconMapPin size={12} aria-hidden />}
                        aria-label={`Show on map: ${event.name}`}
                        onClick={() => showOnMap(event)}
                      >
                        Show on map
                      </Button>
                    )
                  }
                />
              );
            }}
          />
        }
      />
    </>
  );
}

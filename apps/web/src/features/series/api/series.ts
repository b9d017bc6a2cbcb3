import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { seriesApi, type GoingAnswers, type Series, type SeriesRequest, type SeriesSettings, type SeriesSplit, type SeriesTimelineCopy, type Timeline } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

export function getSeries(id: string, signal?: AbortSignal): Promise<Series> {
  return engineApi.call(seriesApi.get, { params: { id }, signal });
}

export function seriesQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.series.detail(id), queryFn: ({ signal }) => getSeries(id, signal) });
}

/** A series and the dates the viewer may see. */
export function useSeries(id: string | null) {
  return useQuery({ ...seriesQueryOptions(id ?? ''), enabled: id !== null });
}

export function createSeries(request: SeriesRequest): Promise<Series> {
  return engineApi.call(seriesApi.create, { body: request });
}

/** The host makes the event repeat: the event (now a date of the series), its dates and the host's lists follow. */
export function useCreateSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createSeries,
    onSuccess: (series, request) => {
      client.setQueryData(queryKeys.series.detail(series.id), series);
      void client.invalidateQueries({ queryKey: queryKeys.events.detail(request.eventId) });
      void client.invalidateQueries({ queryKey: queryKeys.events.mine });
    },
  });
}

export function followSeries({ id, following }: { id: string; following: boolean }): Promise<Series> {
  return engineApi.call(following ? seriesApi.follow : seriesApi.unfollow, { params: { id } });
}

/** The viewer follows every date of a series (or stops): each date's page, the following list and home change with it. */
export function useFollowSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: followSeries,
    onSuccess: (series) => refreshDates(client, series),
  });
}

/** Every date's page, Going panel and the viewer's lists, after a change that touched each date. */
function refreshDates(client: ReturnType<typeof useQueryClient>, series: Series) {
  client.setQueryData(queryKeys.series.detail(series.id), series);
  for (const date of series.dates) {
    void client.invalidateQueries({ queryKey: queryKeys.events.detail(date.eventId) });
    void client.invalidateQueries({ queryKey: queryKeys.going.summary(date.eventId) });
  }
  void client.invalidateQueries({ queryKey: queryKeys.events.following });
  void client.invalidateQueries({ queryKey: queryKeys.home.all });
}

export function setSeriesSettings({ id, ...settings }: { id: string } & SeriesSettings): Promise<Series> {
  return engineApi.call(seriesApi.settings, { params: { id }, body: settings });
}

/** The host lets guests say Going to every date at once, or stops. */
export function useSeriesSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setSeriesSettings, onSuccess: (series) => client.setQueryData(queryKeys.series.detail(series.id), series) });
}

export type EveryDateChange = { id: string } & ({ going: true; guests: number; answers: GoingAnswers } | { going: false });

export function goEveryDate(change: EveryDateChange): Promise<Series> {
  const params = { id: change.id };
  return change.going
    ? engineApi.call(seriesApi.go, { params, body: { guests: change.guests, answers: change.answers } })
    : engineApi.call(seriesApi.leave, { params });
}

/** The viewer goes to every date to come (or stops): each date's seat, line or request changes with it. */
export function useGoEveryDate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: goEveryDate, onSuccess: (series) => refreshDates(client, series) });
}

export function copySeriesTimeline({ id, ...copy }: { id: string } & SeriesTimelineCopy): Promise<Timeline[]> {
  return engineApi.call(seriesApi.copyTimeline, { params: { id }, body: copy });
}

/** The host reuses a launch on the next date or every date after it: those dates' timelines and flyers change. */
export function useCopySeriesTimeline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: copySeriesTimeline,
    onSuccess: (copies) => {
      for (const { eventId } of copies) {
        void client.invalidateQueries({ queryKey: queryKeys.eventLaunches(eventId) });
        void client.invalidateQueries({ queryKey: queryKeys.eventFlyers(eventId) });
        void client.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) });
      }
    },
  });
}

export function splitSeries({ id, ...split }: { id: string } & SeriesSplit): Promise<Series> {
  return engineApi.call(seriesApi.split, { params: { id }, body: split });
}

/** The host changes the repeat from a date on: that date and those after it join a new series (or are canceled); every page of the old one changes. */
export function useSplitSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: splitSeries,
    onSuccess: (series, { id }) => {
      // The old series' dates, as they were read: those left out are canceled now.
      for (const date of client.getQueryData<Series>(queryKeys.series.detail(id))?.dates ?? []) {
        void client.invalidateQueries({ queryKey: queryKeys.events.detail(date.eventId) });
        void client.invalidateQueries({ queryKey: queryKeys.going.summary(date.eventId) });
      }
      void client.invalidateQueries({ queryKey: queryKeys.series.detail(id) });
      void client.invalidateQueries({ queryKey: queryKeys.events.mine });
      refreshDates(client, series);
    },
  });
}

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { goingApi, type GoingAnswers, type GoingMessageAudience, type GoingDecision, type GoingMessageSent, type GoingPeople, type GoingSettings, type GoingState, type GoingSummary } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';
import { fileNameOf, saveFile } from '@/lib/download';

export function getGoing(eventId: string, signal?: AbortSignal): Promise<GoingSummary> {
  return engineApi.call(goingApi.get, { params: { id: eventId }, signal });
}

export function goingQueryOptions(eventId: string) {
  return queryOptions({ queryKey: queryKeys.going.summary(eventId), queryFn: ({ signal }) => getGoing(eventId, signal) });
}

/** How many are going, the seats and the line, and where the signed-in person stands. */
export function useGoing(eventId: string) {
  return useQuery(goingQueryOptions(eventId));
}

export type GoingChange =
  | { kind: 'say'; guests: number; answers: GoingAnswers }
  | { kind: 'leave' }
  | { kind: 'confirm' }
  | { kind: 'settings'; settings: GoingSettings }
  | ({ kind: 'decide'; userId: string } & GoingDecision);

function change(eventId: string, what: GoingChange): Promise<GoingSummary> {
  const params = { id: eventId };
  switch (what.kind) {
    case 'say':
      return engineApi.call(goingApi.say, { params, body: { guests: what.guests, answers: what.answers } });
    case 'leave':
      return engineApi.call(goingApi.leave, { params });
    case 'confirm':
      return engineApi.call(goingApi.confirm, { params });
    case 'settings':
      return engineApi.call(goingApi.settings, { params, body: what.settings });
    case 'decide':
      return engineApi.call(goingApi.decide, { params: { id: eventId, userId: what.userId }, body: { decision: what.decision, message: what.message } });
  }
}

/**
 * Says Going, leaves, confirms an offered seat, or (the host) saves the settings or decides on a request: the answer is the
 * new summary. The event's attendee count (confirmed seats), the host's list, the home page and the series' dates follow.
 */
export function useChangeGoing(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (what: GoingChange) => change(eventId, what),
    onSuccess: (summary) => {
      client.setQueryData(queryKeys.going.summary(eventId), summary);
      void client.invalidateQueries({ queryKey: queryKeys.going.summary(eventId) });
      void client.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) });
      void client.invalidateQueries({ queryKey: queryKeys.home.all });
      // A series lists where the viewer stands at each of its dates.
      void client.invalidateQueries({ queryKey: queryKeys.series.all });
    },
  });
}

export function getGoingPeople(eventId: string, query: { q: string; state: GoingState | null; pageNumber: number }, signal?: AbortSignal): Promise<GoingPeople> {
  return engineApi.call(goingApi.people, {
    params: { id: eventId },
    query: { pageNumber: query.pageNumber, ...(query.q ? { q: query.q } : {}), ...(query.state ? { state: query.state } : {}) },
    signal,
  });
}

/** The host's list of who is coming, searched and filtered by state, a page at a time. */
export function useGoingPeople(eventId: string, query: { q: string; state: GoingState | null; pageNumber: number }) {
  return useQuery({
    queryKey: queryKeys.going.people(eventId, query.q, query.state, query.pageNumber),
    queryFn: ({ signal }) => getGoingPeople(eventId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The host's message to everyone going; answers how many it goes to. */
export function messageGoing(eventId: string, message: string, audience: GoingMessageAudience = 'everyone'): Promise<GoingMessageSent> {
  return engineApi.call(goingApi.message, { params: { id: eventId }, body: { message, audience } });
}

/** Fetches the list as CSV (the bearer token goes with it) and hands it to the browser as a download. */
export async function downloadGoingPeople(event: { id: string; name: string }): Promise<string> {
  const response = await engineApi.download(goingApi.export, { params: { id: event.id } });
  const name = fileNameOf(response.headers.get('content-disposition'), `${event.name} attendees.csv`);
  saveFile(await response.blob(), name);
  return name;
}

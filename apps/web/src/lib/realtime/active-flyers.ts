import type { HubFlyer } from '@hubbub/contract';

export type ActiveFlyersAction =
  | { type: 'started' | 'updated'; flyer: HubFlyer }
  | { type: 'stopped'; flyer: Pick<HubFlyer, 'id'> }
  | { type: 'clear' };

/**
 * Spec 4 "Active flyers list": started or updated replaces any entry with the same id (an update
 * of a flyer we never saw start adds it, since we may have joined mid-launch); stopped removes it.
 * Pure: returns the same array when nothing changes so React can skip a render.
 */
export function activeFlyersReducer(state: readonly HubFlyer[], action: ActiveFlyersAction): readonly HubFlyer[] {
  switch (action.type) {
    case 'started':
    case 'updated': {
      const index = state.findIndex((f) => f.id === action.flyer.id);
      if (index === -1) return [...state, action.flyer];
      const next = state.slice();
      next[index] = action.flyer;
      return next;
    }
    case 'stopped':
      return state.some((f) => f.id === action.flyer.id) ? state.filter((f) => f.id !== action.flyer.id) : state;
    case 'clear':
      return state.length === 0 ? state : [];
  }
}

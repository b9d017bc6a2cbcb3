import { useSyncExternalStore } from 'react';
import { containerApi, type ContainerData } from '@hubbub/contract';
import { api } from '../api/http-client';

let current: ContainerData | null = null;
const listeners = new Set<() => void>();

/** GET / with Accept: application/json answers the container data instead of the SPA. */
export async function fetchContainerData(): Promise<ContainerData> {
  const data = await api.call(containerApi.data);
  setContainerData(data);
  return data;
}

export function getContainerData(): ContainerData | null {
  return current;
}

export function setContainerData(data: ContainerData | null): void {
  current = data;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useContainerData(): ContainerData | null {
  return useSyncExternalStore(subscribe, getContainerData, getContainerData);
}

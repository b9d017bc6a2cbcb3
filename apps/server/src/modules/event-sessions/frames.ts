import { HubServerEvents, toPascalCaseKeys, type HubServerEventName, type HubServerEventPayload } from '@hubbub/contract';
import { invocationFrame } from '../hub/index.js';

/** A server-to-client message of the contract: validated, PascalCase on the wire, serialised once for everyone. */
export function serverEventFrame<K extends HubServerEventName>(name: K, payload: HubServerEventPayload<K>): Buffer {
  const parsed = HubServerEvents[name].parse(payload);
  return Buffer.from(invocationFrame(name, [toPascalCaseKeys(parsed)]));
}

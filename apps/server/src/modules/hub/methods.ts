import type { z } from 'zod';
import { findBadText, toCamelCaseKeys, toPascalCaseKeys } from '@hubbub/contract';
import type { Dispatch, HubConnection } from './connection.js';
import { HubError } from './hub-error.js';

/** One client-to-server method as a contract declares it. */
export interface HubMethodSpec {
  arity: number;
  args: z.ZodType<readonly unknown[]>;
  result: z.ZodType;
}
export type HubMethodSpecs = Record<string, HubMethodSpec>;

/** The handlers of a method table, typed from it: arguments as parsed, result as the completion carries it. */
export type HubHandlers<M extends HubMethodSpecs> = {
  [K in keyof M]: (connection: HubConnection, ...args: z.output<M[K]['args']>) => Promise<z.input<M[K]['result']>>;
};

/**
 * Routes invocations by their wire name to the handler table, after checking the
 * argument count and validating the arguments with the contract (clients may send
 * PascalCase or camelCase keys).
 */
export function createDispatch<M extends HubMethodSpecs>(specs: M, handlers: HubHandlers<M>): Dispatch {
  return async (connection, target, args) => {
    if (!Object.hasOwn(specs, target)) throw new HubError(`Unknown hub method '${target.slice(0, 100)}'.`);
    const spec = specs[target];
    if (args.length !== spec.arity) throw new HubError(`Invocation provides ${args.length} argument(s) but target expects ${spec.arity}.`);
    // The same text rule as the HTTP API: nothing the database cannot store gets past here.
    const bad = findBadText(args);
    if (bad) throw new HubError(`Invalid arguments (argument ${bad.field}): ${bad.problem}`, 'validation');
    const parsed = spec.args.safeParse(toCamelCaseKeys(args));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` (argument ${issue.path.join('.')})` : '';
      throw new HubError(`Invalid arguments${where}: ${issue?.message ?? 'not valid'}`, 'validation');
    }
    const handler = handlers[target] as (connection: HubConnection, ...args: unknown[]) => Promise<unknown>;
    // Results go PascalCase on the wire like every message (spec 7); true and false stay as they are.
    return toPascalCaseKeys(await handler(connection, ...parsed.data));
  };
}

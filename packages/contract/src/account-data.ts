import { z } from 'zod';
import { ACCOUNT } from './api-prefixes.js';
import { OkSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';

// Self service: download my data, delete my account.

/** Deleting one's account is confirmed by the password, or by typing the email when the account has none (external sign-in). */
export const AccountDeleteSchema = z
  .object({
    password: z.string().max(200).optional(),
    email: z.string().trim().max(320).optional(),
  })
  .refine((v) => Boolean(v.password || v.email), { message: 'Confirm with your password, or type your email address.' })
  .meta({ id: 'AccountDelete' });
export type AccountDelete = z.input<typeof AccountDeleteSchema>;

/** One JSON file with what the account holds. */
export const AccountExportSchema = z
  .object({
    exportedAt: z.string(),
    profile: z.record(z.string(), z.unknown()),
    events: z.array(z.record(z.string(), z.unknown())),
    flyers: z.array(z.record(z.string(), z.unknown())),
    documents: z.array(z.record(z.string(), z.unknown())),
    links: z.array(z.record(z.string(), z.unknown())),
    /** Where the person stands at each event they said Going to: state, guests, answers. */
    going: z.array(z.record(z.string(), z.unknown())),
    /** The calendars, without their secret feed addresses. */
    calendars: z.array(z.record(z.string(), z.unknown())),
    follows: z.object({ following: z.array(z.record(z.string(), z.unknown())), followers: z.array(z.record(z.string(), z.unknown())) }),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof AccountExportSchema>;

export const accountDataApi = defineEndpoints('accountData', {
  export: endpoint('GET', `${ACCOUNT}/account/export`, {
    summary: 'Everything the account holds as one JSON file (profile, events, flyers, documents, links, going, calendars, follows)',
    auth: 'bearer',
    answer: AccountExportSchema,
    problems: [400, 404],
  }),
  delete: endpoint('POST', `${ACCOUNT}/account/delete`, {
    summary: 'Deletes the account and everything it owns, files included; confirmed by the password (or the email for an account without one)',
    auth: 'bearer',
    body: AccountDeleteSchema,
    answer: OkSchema,
    problems: [400, 404],
  }),
});

// Web pages whose address ends with a link's secret (`:token`): logs redact it (endpoints.ts
// SECRET_PAGES). Apart from their features' files so the web app's router takes only the paths.

/** The web page an invitation link opens (issue 28). */
export const INVITATION_PAGE = '/event/:id/invitation/:token';
/** The web page a co-host's link opens (issue 30). */
export const CO_HOST_PAGE = '/event/:id/co-host/:token';

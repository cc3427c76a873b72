import { json, type TypedResponse } from "@remix-run/node";

/**
 * A page loader's answer when its page function returns either the page's data or a Response of
 * its own (a redirect, or the small JSON answer a fetcher asked for, e.g. `?customerInfo=`).
 * The Response passes through untouched; typed as carrying no page data it leaves
 * `useLoaderData<typeof loader>()` the page's data (a bare `Response` in the union would make it `any`).
 */
export function pageResponse<T>(data: T | Response): TypedResponse<T> | TypedResponse<never> {
  return data instanceof Response ? (data as TypedResponse<never>) : json(data);
}

/** A loader's Response that is not its page's data (a download, a redirect): typed so, it leaves `useLoaderData<typeof loader>()` the page's data. */
export function notPageData(res: Response): TypedResponse<never> {
  return res as TypedResponse<never>;
}

/** Links of 用户管理's pages: the operator's chosen company travels as `?company=`. */
export function staffHref(path: string, company?: string) {
  return company ? `${path}?company=${encodeURIComponent(company)}` : path;
}

/** Where an action returns to: the page with the list's own query string (filters, page), nothing else. */
export function staffBack(page: string, back: string) {
  return back.startsWith("?") && back.length < 500 ? `${page}${back}` : page;
}

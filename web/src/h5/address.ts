/** The H5 pages (spec section 2: paths ending in H5, and the pages below them): they take a token from the address. */
export const isH5Path = (pathname: string): boolean => /H5(\/|$)/.test(pathname);

/**
 * The address of a page without its token (the rest of the query kept), to put in its place once the token is
 * stored: a token left in the address would travel in a copied link, the history and the Referer.
 */
export function addressWithoutToken(pathname: string, search: string, hash = ''): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('token')) return null;
  params.delete('token');
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}

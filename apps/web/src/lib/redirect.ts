/**
 * The in-app path to go to after sign-in. Only same-site paths are accepted, so a crafted
 * ?redirect= link cannot send someone to another site.
 */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  return target;
}

/** `/login?redirect=<path>`, keeping slashes readable since they are legal in a query value. */
export function loginPath(redirect?: string, base = '/login'): string {
  if (!redirect) return base;
  return `${base}?redirect=${encodeURIComponent(redirect).replaceAll('%2F', '/')}`;
}

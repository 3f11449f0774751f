// SPEC §4: the session token lives in localStorage under the key "token". Reads and writes are
// guarded because storage can be unavailable (private modes, disabled cookies); the app then
// simply behaves as signed out.

const TOKEN_KEY = 'token';

export const tokenStorage = {
  get(): string | null {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      localStorage.setItem(TOKEN_KEY, token);
    } catch {
      // Without storage the session lasts until the page is reloaded.
    }
  },
  remove(): void {
    try {
      localStorage.removeItem(TOKEN_KEY);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};

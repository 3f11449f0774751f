// Settings the server injects into index.html at the <!--canopy-config--> marker, so one build
// serves every deployment. Missing in `vite dev`, hence the defaults.

declare global {
  interface Window {
    __CANOPY__?: { adminEmail?: string };
  }
}

const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

export function adminEmail(): string {
  return window.__CANOPY__?.adminEmail || DEFAULT_ADMIN_EMAIL;
}

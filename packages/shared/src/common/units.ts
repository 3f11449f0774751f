/** "20MB" for 20 MiB: how SPEC's texts write a file size limit. */
export const megabytes = (bytes: number) => `${bytes / (1024 * 1024)}MB`;

/**
 * A number as `toLocaleString('en-US')` writes it ("10,000"), without Intl for whole numbers: the
 * first Intl call of a page loads ICU's data, a task as long as starting the rest of the app
 * (decision 257), and the first view of the catalog only shows counts and limits.
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A value built on its first use and kept: for Intl formatters, which modules that load with the
 * first page must not build at import (see groupDigits).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

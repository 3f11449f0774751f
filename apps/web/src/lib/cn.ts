/** Joins class names, skipping the falsy ones so conditions can be written inline. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}

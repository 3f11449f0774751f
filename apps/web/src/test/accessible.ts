/**
 * What a screen reader says after a control's name: the text of the elements its
 * aria-describedby names (its hint, its error), in order. A message on the page that is not tied
 * to the control is not part of it.
 */
export function describedText(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

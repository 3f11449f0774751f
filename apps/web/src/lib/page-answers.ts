import { PAGE_ANSWERS_ELEMENT_ID } from '@canopy/shared';
import { apiUrl } from './api-client.ts';

// The server sends some pages with the answers to their first API calls inside (a JSON data block
// keyed by each call's address, decision 180), so the page can draw its content without waiting
// for the call. Each answer is handed out once: it is what the page was loaded with, and a screen
// opened later must ask the API for the present.

let answers: Map<string, unknown> | null = null;

function pageAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const block = document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  if (!block?.textContent) return answers;
  try {
    for (const [path, answer] of Object.entries(JSON.parse(block.textContent) as Record<string, unknown>)) {
      answers.set(path, answer);
    }
  } catch {
    // A page without usable answers simply makes its calls.
  }
  return answers;
}

/** The answer the page came with for a call to `path` (with /api), the first time it is asked for. */
export function takePageAnswer<T>(path: string): T | undefined {
  const all = pageAnswers();
  const answer = all.get(path) as T | undefined;
  all.delete(path);
  return answer;
}

/**
 * A query's start from the page's answer to its call at `path` (without /api), picked to the
 * query's data. A catalog answer is marked as old, so the call is still made when the screen
 * mounts, as it would be without it: it counts the product view and notes a signed-in buyer's
 * interest. (`fresh`: an answer as good as the call's, for a call that has no such side.)
 */
export function fromThePage<Answer, Data>(path: string, pick: (answer: Answer) => Data, fresh = false) {
  return {
    initialData: (): Data | undefined => {
      const answer = takePageAnswer<Answer>(apiUrl(path));
      return answer === undefined ? undefined : pick(answer);
    },
    initialDataUpdatedAt: fresh ? Date.now() : 0,
  };
}

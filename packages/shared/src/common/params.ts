import { z } from 'zod';

// Path parameters. Ids in a path are opaque: one that is malformed cannot name a row, so the API
// answers it as not found, with the text of whatever the path names (the route table turns a
// parameter's failure into a 404 with this schema's text).

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid path parameter; anything else is "not found" in the words given. */
export const uuidParam = (notFoundText: string) =>
  z.string({ error: notFoundText }).regex(UUID_PATTERN, { error: notFoundText });

/** `/:id` paths. */
export const idParams = (notFoundText: string) => z.object({ id: uuidParam(notFoundText) });

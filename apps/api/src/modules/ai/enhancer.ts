import type { EnhanceField } from './rule-editor.ts';

export interface EnhanceRequest {
  text: string;
  field: EnhanceField;
  /** The longest acceptable answer in characters (90 for titles, 2000 for descriptions). */
  limit: number;
}

/** One way of rewriting listing text; the service picks one at start-up from the configuration. */
export interface TextEnhancer {
  readonly name: 'rules' | 'openai-compatible';
  enhance(request: EnhanceRequest): Promise<string>;
}

/** The provider could not produce text; the seller is told to try again. */
export class EnhancerUnavailable extends Error {
  override name = 'EnhancerUnavailable';
}

// How much text AI Enhance takes and gives back.

export const AI_TITLE_MAX = 90;
export const AI_DESCRIPTION_MAX = 2000;
/** SPEC's request carries a prompt; it is checked but never reaches the model (decision 063). */
export const AI_PROMPT_MAX = 2000;

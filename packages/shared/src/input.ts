// Texts and checks for raw input that no single form owns: control characters in typed text,
// unreadable uploads and the HTTP layer's own refusals (decision 065).

export const INPUT_TEXTS = {
  controlCharacters: 'Text cannot contain control characters',
  malformedText: 'Text contains a broken character. Please type it again.',
  malformedUpload: 'The upload could not be read. Please send the form again.',
  urlTooLong: 'The address of this request is too long',
  badUrl: 'The address of this request is not valid',
  methodNotAllowed: 'This method is not allowed here',
  requestTimeout: 'The request took too long to arrive',
  headersTooLarge: 'The request headers are too large',
  unavailable: 'The server is restarting. Please try again in a moment.',
  testUploadUnreadable: 'The test results file could not be read. Please choose a different file.',
  testUploadEncrypted:
    'Password-protected PDFs cannot be uploaded. Please upload an unprotected copy of the test results.',
  licenseDocumentUnreadable: 'The license document could not be read. Please choose a different file.',
  licenseDocumentEncrypted:
    'Password-protected PDFs cannot be uploaded. Please upload an unprotected copy of the license document.',
} as const;

/** C0 controls, DEL and C1 controls: invisible, and never part of a name, title or address. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/** Line breaks and tabs are what a multi-line text (a description, a message) may hold. */
const isLineBreakOrTab = (code: number) => code === 0x09 || code === 0x0a || code === 0x0d;

/**
 * True when every UTF-16 surrogate has its partner. A lone half of a character cannot be written as
 * UTF-8, and PostgreSQL's JSON columns (the mail queue, the audit trail) refuse it outright, so it
 * is refused here, with the other checks of typed text.
 */
export function isWellFormedText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

/** True when a one-line text (a title, a name, an e-mail) has no control character at all. */
export function isSingleLineText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return false;
  return true;
}

/** True when a multi-line text has no control character other than tab, CR and LF. */
export function isMultiLineText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControl(code) && !isLineBreakOrTab(code)) return false;
  }
  return true;
}

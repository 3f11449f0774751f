// The registration upload needs a real PDF (the server checks the bytes, not the name); the API's
// generator serves the browser tests too.
export { samplePdf as smallPdf } from '../../apps/api/src/seed/sample-files.ts';

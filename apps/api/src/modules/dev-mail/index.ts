// What the rest of the server may use of the development mailbox.
export { devMailEnabled, isLoopbackAddress } from './local-only.ts';

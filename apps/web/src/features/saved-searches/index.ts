// The saved-searches feature's public face: the catalog shows its "Save search" button.

export { SaveSearchButton } from './components/save-search-button.tsx';

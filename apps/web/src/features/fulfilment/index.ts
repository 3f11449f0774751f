// The fulfilment feature's public face (issue 23): the order page's delivery and invoice section.
export { FulfilmentSection } from './components/fulfilment-section.tsx';

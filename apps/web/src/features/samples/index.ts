// The samples feature's public face (issue 25 item 3): the product page's button. The Samples page
// is loaded by the router from routes/.
export { RequestSampleButton } from './components/request-sample.tsx';

// DOMPurify needs a DOM; in the build-time pre-render (Node) it gets jsdom's, so blog posts are
// sanitised there exactly as in the browser. Only the SSR build aliases `dompurify` to this file.
import createDOMPurify from 'dompurify/purify.js';
import { JSDOM } from 'jsdom';

const DOMPurify = createDOMPurify(new JSDOM('').window);
export default DOMPurify;

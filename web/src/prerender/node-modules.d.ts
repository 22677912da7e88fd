// The two Node-only modules the build-time pre-render uses, typed as far as it uses them.
declare module 'dompurify/purify.js' {
  import DOMPurify from 'dompurify';
  export default DOMPurify;
}

declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}

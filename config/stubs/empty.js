// Stands in for polyfills the H5 build does not need: every browser of package.json's "h5" browserslist has
// fetch and AbortController natively (config/index.ts aliases whatwg-fetch and abortcontroller-polyfill here).

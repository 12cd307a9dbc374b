// Taro.request's `jsonp` option pulls in jsonp-retry (12 KB); the app never asks for JSONP (its API is same-origin
// JSON), so the H5 build aliases the library to this stub, which says so if anything ever does.
module.exports = function jsonpRetry() {
  return Promise.reject(new Error('JSONP requests are not supported by this build (config/stubs/jsonp-retry.js)'));
};
